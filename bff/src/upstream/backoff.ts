export interface BackoffOptions {
  /** The ceiling of the first wait, in ms; each further wait doubles it. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs?: number;
}

/**
 * The wait before try `retry + 1` (retry 0 is the wait after the first failure): a ceiling of
 * baseMs × 2^retry (at most maxMs), of which a random half to all is taken, so that many callers
 * that failed together do not come back in step.
 */
export function backoffMs(retry: number, { baseMs, maxMs = Infinity }: BackoffOptions): number {
  // 2^40 is far past any maxMs; the bound keeps a long-failing caller's count from overflowing to Infinity.
  const ceiling = Math.min(baseMs * 2 ** Math.min(Math.max(retry, 0), 40), maxMs);
  return Math.round(ceiling * (0.5 + Math.random() / 2));
}
