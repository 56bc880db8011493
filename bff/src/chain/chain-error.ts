/**
 * Codes the client gives when Horizon gave no usable answer: `timeout`, `network_error` (no answer),
 * `invalid_response` (an answer of an unexpected shape), `invalid_id` (refused locally, nothing sent).
 * Otherwise the code is Horizon's problem type, e.g. `not_found`, `transaction_malformed`, `rate_limited`.
 */
export interface ChainErrorInit {
  /** HTTP status of Horizon's answer; null when there was none. */
  status: number | null;
  code: string;
  message: string;
  /**
   * True when a submitted transaction may have been applied although no definite answer came
   * (time-out, dropped connection, 5xx, unreadable answer). Look it up by hash before signing another.
   */
  outcomeUnknown?: boolean;
}

/** A call to Horizon that did not give its answer. */
export class ChainError extends Error {
  override readonly name = 'ChainError';
  readonly status: number | null;
  readonly code: string;
  readonly outcomeUnknown: boolean;

  constructor(init: ChainErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }
}
