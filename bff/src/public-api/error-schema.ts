import { z } from 'zod';
import type { ErrorEnvelope } from '../http/api-error.ts';

/** The one error body of the console, as the public API's document describes it. */
export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable and machine-readable, such as `invalid_input`, `missing_scope` or `idempotency_key_reused`.' }),
      message: z.string().meta({ description: 'A sentence for a person.' }),
      requestId: z.string().meta({ description: 'The request, as the console logged it; quote it when asking about a failure.' }),
      field: z.string().optional().meta({ description: 'The input at fault in a 400 `invalid_input`: a body field (`amount`, `metadata.tier`), a parameter or a header (`idempotency-key`).' }),
      details: z.record(z.string(), z.unknown()).optional().meta({ description: 'Facts about the refusal, such as the scope a key lacks (`needs`) or the reward an idempotency key already names (`rewardId`).' }),
      upstream: z
        .object({ status: z.number().int().nullable(), code: z.string(), message: z.string() })
        .optional()
        .meta({ description: "The platform's own error, when the console passes one on." }),
    }),
  })
  .meta({ id: 'Error', description: 'Every error answer of the API.' }) satisfies z.ZodType<ErrorEnvelope>;

const ERROR_WORDS = {
  400: 'The input is not valid (`invalid_input`, naming the `field`), or the body is not JSON.',
  401: 'No valid API key (`invalid_api_key`): missing, unknown, revoked or expired.',
  403: "The key lacks the scope this needs (`missing_scope`), or is used from outside its IP allow-list (`ip_not_allowed`).",
  404: 'Nothing with this id (`reward_not_found`, `payment_not_found`).',
  409: 'A conflict with the current state, such as the first request with this `Idempotency-Key` still being processed (`request_in_flight`).',
  413: 'The body is larger than 1 MiB (`payload_too_large`).',
  415: 'The body is not sent as `Content-Type: application/json` (`unsupported_media_type`).',
  422: 'Well-formed, but refused by the rules (the code says which).',
  429: 'Too many requests from this key (`rate_limited`): wait for the `Retry-After` seconds.',
  502: 'The platform or the blockchain did not give a usable answer.',
  504: 'The platform did not answer in time.',
} as const;

export type ErrorStatus = keyof typeof ERROR_WORDS;

/** The error answers of an operation, each in the one error shape; `words` says more where an operation's reasons are its own. */
export function errorResponses(statuses: readonly ErrorStatus[], words: Partial<Record<ErrorStatus, string>> = {}) {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: words[status] ?? ERROR_WORDS[status], content: { 'application/json': { schema: errorEnvelopeSchema } } }]),
  );
}
