import { z } from 'zod';

const base64url = (max: number) =>
  z
    .string()
    .min(1, 'is required')
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

const credentialBase = {
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // What the browser says of the extensions it ran; the console asks for none and reads none.
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

/** A new credential as the browser hands it over (WebAuthn's RegistrationResponseJSON). */
export const registrationResponseSchema = z.strictObject({
  ...credentialBase,
  response: z.strictObject({
    clientDataJSON: base64url(4_096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4_096).optional(),
  }),
});

/** A signed challenge as the browser hands it over (WebAuthn's AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.strictObject({
  ...credentialBase,
  response: z.strictObject({
    clientDataJSON: base64url(4_096),
    authenticatorData: base64url(16_384),
    signature: base64url(2_048),
    userHandle: base64url(128).optional(),
  }),
});

export type RegistrationResponse = z.output<typeof registrationResponseSchema>;
export type AuthenticationResponse = z.output<typeof authenticationResponseSchema>;

export const passkeyNameSchema = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');

const clientDataSchema = z.object({ type: z.string(), challenge: z.string(), origin: z.string() });

/** The challenge, origin and ceremony the browser says it signed (clientDataJSON), or null when it is not readable. */
export function readClientData(clientDataJSON: string): z.output<typeof clientDataSchema> | null {
  try {
    const parsed = clientDataSchema.safeParse(JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
