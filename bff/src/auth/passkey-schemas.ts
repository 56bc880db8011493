import { z } from 'zod';

const base64url = (max: number) =>
  z
    .string()
    .min(1, 'is required')
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

const credentialBase = {
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // What the browser says of the extensions it ran: credProps (whether it kept the passkey on the
  // device), and others a browser may add unasked. The console reads none; they are dropped.
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
};

/** A new credential as the browser hands it over (WebAuthn's RegistrationResponseJSON). */
export const registrationResponseSchema = z.strictObject({
  ...credentialBase,
  response: z.strictObject({
    clientDataJSON: base64url(4_096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    // How the browser reaches the authenticator (usb, nfc, internal, hybrid, …): kept to hint it back, and new names are to be expected.
    transports: z.array(z.string().max(32)).max(10).optional(),
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
