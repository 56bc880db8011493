import { UpstreamError } from '../upstream/upstream-error.ts';

/**
 * A call to Horizon that did not give its answer. Besides the upstream layer's own codes (see
 * UpstreamError), the code is Horizon's problem type, e.g. `not_found`, `transaction_malformed`,
 * `rate_limited`. On a submission, `outcomeUnknown` says the transaction may have been applied
 * although no definite answer came: look it up by hash before signing another.
 */
export class ChainError extends UpstreamError {
  override readonly name = 'ChainError';
}
