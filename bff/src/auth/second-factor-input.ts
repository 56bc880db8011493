import { z } from 'zod';
import type { SecondFactorProof } from './second-factor-proof.ts';

// Long enough for any code as typed (with spaces or dashes); what is not a code is refused by its
// verifier, audited and counted, like a wrong one.
const typedCode = z.string().max(64);

/** A second factor as the session routes take it: `{ code }` (an authenticator app's) or `{ recoveryCode }`. */
export const secondFactorProofSchema = z
  .strictObject({ code: typedCode.optional(), recoveryCode: typedCode.optional() })
  .refine((body) => Object.values(body).filter((value) => value !== undefined).length === 1, 'give one of code or recoveryCode')
  .transform((body): SecondFactorProof => (body.code === undefined ? { kind: 'recovery', code: body.recoveryCode ?? '' } : { kind: 'totp', code: body.code }));

/** The first code of an authenticator app being added. */
export const firstCodeSchema = z.strictObject({ code: typedCode });
