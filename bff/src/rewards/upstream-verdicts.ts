// How the reward pipeline reads an upstream answer: final, or worth asking again, and when.
import type { PlatformError } from '../platform/platform-error.ts';
import type { BackoffOptions } from '../upstream/backoff.ts';

/**
 * Ledger results after which paying again needs a person's decision: an operation's failure (`op_…`,
 * applied as failed, so its sequence is spent) or a signature or balance the console cannot mend.
 */
const FINAL_CHAIN_FAILURES = new Set(['tx_failed', 'tx_bad_auth', 'tx_insufficient_balance', 'tx_malformed']);

export function isFinalChainFailure(code: string): boolean {
  return code.startsWith('op_') || FINAL_CHAIN_FAILURES.has(code);
}

/** The platform answered and said no, for a reason that asking again will not change. */
export function isDefiniteRefusal(error: PlatformError): boolean {
  if (!error.answered || error.outcomeUnknown || error.status === null) return false;
  if (error.status === 401) return error.code === 'missing_scope';
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** A reward asks again after 1 s, 2 s, 4 s … up to 5 min, with jitter so that many waiting rewards do not retry in step. */
export const REWARD_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 300_000 };
