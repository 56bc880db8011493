export interface UpstreamErrorInit {
  /** HTTP status of the upstream's answer; null when there was none. */
  status: number | null;
  /**
   * The upstream's own code, or one the console gives when there was no usable answer: `timeout`,
   * `network_error` (no answer), `invalid_response` (an answer of an unexpected shape), `invalid_id`
   * (refused locally, nothing sent).
   */
  code: string;
  message: string;
  /** How long the upstream asked to be left alone (its Retry-After), in ms. */
  retryAfterMs?: number | undefined;
  /**
   * True when a request that changes state may have been applied although no definite answer came
   * (time-out, dropped connection, 5xx, unreadable success). The caller must re-read before acting again.
   */
  outcomeUnknown?: boolean;
}

/** A call to an upstream (the Platform API, Horizon) that did not give its answer. */
export class UpstreamError extends Error {
  override readonly name: string = 'UpstreamError';
  readonly status: number | null;
  readonly code: string;
  readonly retryAfterMs: number | undefined;
  readonly outcomeUnknown: boolean;

  constructor(init: UpstreamErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.retryAfterMs = init.retryAfterMs;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }

  /** Whether the upstream answered at all (a refusal), as opposed to being unreachable or garbled. */
  get answered(): boolean {
    return this.status !== null && this.code !== 'invalid_response';
  }
}

/** Worth another attempt for a safe read: no answer, rate-limited, failed or unreadable upstream. */
export function isRetryable(error: { status: number | null; code: string }): boolean {
  if (error.status === null) return error.code === 'timeout' || error.code === 'network_error';
  return error.status === 429 || error.status >= 500 || error.code === 'invalid_response';
}
