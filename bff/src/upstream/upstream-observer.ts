/** How one call to an upstream ended, its retries included: a fixed set, so a metric's label stays bounded. */
export type UpstreamOutcome = 'ok' | 'refused' | 'rate_limited' | 'server_error' | 'invalid_response' | 'timeout' | 'network_error';

export interface UpstreamCall {
  /** The upstream's fixed name: `platform`, `horizon`. */
  target: string;
  /** The operation's fixed name (`create_payment`, `submit`, …), never a path with ids in it. */
  operation: string;
  outcome: UpstreamOutcome;
  /** From the first attempt to the answer, back-off included. */
  seconds: number;
}

/**
 * What the upstream layer tells whoever watches it (the metrics), without knowing who: each call's
 * end, and each answer that says the upstream is busy (429 Too Many Requests, 504 Gateway Timeout),
 * retried or not.
 */
export interface UpstreamObserver {
  called(call: UpstreamCall): void;
  busy(answer: { target: string; status: 429 | 504 }): void;
}

/** The outcome of a call from its last answer's status (null: none came) and the error it ended with, if any. */
export function outcomeOf(status: number | null, error: { code: string } | null): UpstreamOutcome {
  if (status === null) return error?.code === 'timeout' ? 'timeout' : 'network_error';
  if (error?.code === 'invalid_response') return 'invalid_response';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return status >= 400 ? 'refused' : 'ok';
}
