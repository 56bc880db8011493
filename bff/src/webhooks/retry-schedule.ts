import { backoffMs } from '../upstream/backoff.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The first retry's ceiling; each further one doubles it (docs/webhooks.md has the whole schedule). */
export const RETRY_BASE_MS = MINUTE;
/** No wait between two attempts is longer. */
export const RETRY_MAX_MS = 6 * HOUR;
/** A delivery is tried again for this long at least: the first failure after it gives up. */
export const RETRY_FOR_MS = 3 * DAY;
/** An endpoint whose every attempt has failed for this long is switched off. */
export const DISABLE_AFTER_FAILING_MS = 3 * DAY;

/**
 * When to try a delivery again after its attempt number `attempts` (1 is the first) failed at `now`;
 * null when it has been tried since `tryingSince` for RETRY_FOR_MS and gives up. The wait is the
 * project's one back-off with jitter: a random half to all of 1 min × 2^(attempts − 1), at most 6 h.
 */
export function nextAttemptAfterFailure(attempts: number, now: Date, tryingSince: Date): Date | null {
  if (now.getTime() - tryingSince.getTime() >= RETRY_FOR_MS) return null;
  return new Date(now.getTime() + backoffMs(attempts - 1, { baseMs: RETRY_BASE_MS, maxMs: RETRY_MAX_MS }));
}
