/**
 * What a refusal means to the caller, in the domain's words. Only `http/` turns a kind into a
 * status code (`http/refusal-response.ts`); services never choose one.
 */
export type RefusalKind =
  /** The input is malformed or out of range. */
  | 'invalid_input'
  /** No (valid) credentials: a session, a password, a token. */
  | 'unauthenticated'
  /** The caller is known but may not do this. */
  | 'forbidden'
  /** The thing named does not exist. */
  | 'not_found'
  /** The request clashes with the current state (already exists, in flight, last admin). */
  | 'conflict'
  /** The thing existed but can no longer be used (an expired or used link). */
  | 'gone'
  /** Well-formed, but the rules say no (a payment that cannot be completed, a wrong password). */
  | 'rejected'
  /** Too many attempts; `retryAfterSeconds` says when to try again. */
  | 'throttled';

export interface RefusalInit {
  kind: RefusalKind;
  /** Stable, machine-readable, snake_case. */
  code: string;
  /** Plain words, safe to show to staff. */
  message: string;
  /** Extra facts the caller may show (the blocking payment, the offending field). */
  details?: Record<string, unknown>;
  /** The input at fault, for an `invalid_input` refusal (`cursor`, `from`). */
  field?: string;
  retryAfterSeconds?: number;
}

/** A service's "no": thrown (or returned) when the request cannot be done as asked. */
export class Refusal extends Error {
  override readonly name = 'Refusal';
  readonly kind: RefusalKind;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: RefusalInit) {
    super(init.message);
    this.kind = init.kind;
    this.code = init.code;
    this.details = init.details;
    this.field = init.field;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** Shorthand for the common case: `refusal('not_found', 'staff_not_found', 'No staff member with this id.')`. */
export function refusal(kind: RefusalKind, code: string, message: string, details?: Record<string, unknown>): Refusal {
  return new Refusal({ kind, code, message, ...(details ? { details } : {}) });
}
