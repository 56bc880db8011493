import { z } from 'zod';
import { authenticationResponseSchema } from './passkey-schemas.ts';
import type { SecondFactorProof } from './second-factor-proof.ts';

// Long enough for any code as typed (with spaces or dashes); what is not a code is refused by its
// verifier, audited and counted, like a wrong one.
const typedCode = z.string().max(64);

/**
 * A second factor as the session routes take it: `{ code }` (an authenticator app's), `{ recoveryCode }`,
 * or `{ passkey }` (a passkey's answer to the challenge of POST /api/session/passkey-options).
 */
export const secondFactorProofSchema = z
  .strictObject({ code: typedCode.optional(), recoveryCode: typedCode.optional(), passkey: authenticationResponseSchema.optional() })
  .refine((body) => Object.values(body).filter((value) => value !== undefined).length === 1, 'give one of code, recoveryCode or passkey')
  .transform((body): SecondFactorProof => {
    if (body.passkey) return { kind: 'passkey', response: body.passkey };
    return body.code === undefined ? { kind: 'recovery', code: body.recoveryCode ?? '' } : { kind: 'totp', code: body.code };
  });

/** The first code of an authenticator app being added. */
export const firstCodeSchema = z.strictObject({ code: typedCode });
