import type { Payment } from './schemas.ts';

/**
 * Codes the client itself gives when the platform did not answer with an error body:
 * `timeout`, `network_error` (no answer), `invalid_response` (an answer of an unexpected shape),
 * `invalid_id` (refused locally, nothing sent).
 */
export type LocalErrorCode = 'timeout' | 'network_error' | 'invalid_response' | 'invalid_id';

export interface PlatformErrorInit {
  /** HTTP status of the upstream's answer; null when there was none. */
  status: number | null;
  code: string;
  message: string;
  payment?: Payment;
  verificationError?: string;
  retryAfterMs?: number;
  /**
   * True when a request that changes state may have been applied although no definite answer came
   * (time-out, dropped connection, unreadable success). The caller must re-read before acting again.
   */
  outcomeUnknown?: boolean;
}

export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  readonly status: number | null;
  readonly code: string;
  readonly payment: Payment | undefined;
  readonly verificationError: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly outcomeUnknown: boolean;

  constructor(init: PlatformErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.payment = init.payment;
    this.verificationError = init.verificationError;
    this.retryAfterMs = init.retryAfterMs;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }

  /** Whether the upstream answered at all (a refusal), as opposed to being unreachable or garbled. */
  get answered(): boolean {
    return this.status !== null && this.code !== 'invalid_response';
  }
}
