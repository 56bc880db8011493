import type { Clock } from '../clock.ts';
import { Refusal } from '../domain/refusal.ts';

/** Requests per second a key may make, on average; docs/public-api.md says it. */
export const KEY_REQUESTS_PER_SECOND = 100;
/** Requests a key may make at once after a quiet while. */
export const KEY_BURST = 200;

/**
 * A token bucket per key, in this process: each instance lets a key make KEY_REQUESTS_PER_SECOND
 * requests a second, in bursts of up to KEY_BURST. Over it, a 429 says when the next request fits.
 */
export class KeyRateLimit {
  private readonly buckets = new Map<string, { tokens: number; atMs: number }>();

  constructor(
    private readonly clock: Pick<Clock, 'monotonicMs'>,
    private readonly perSecond = KEY_REQUESTS_PER_SECOND,
    private readonly burst = KEY_BURST,
  ) {}

  take(keyId: string): void {
    const nowMs = this.clock.monotonicMs();
    const bucket = this.buckets.get(keyId) ?? { tokens: this.burst, atMs: nowMs };
    const tokens = Math.min(this.burst, bucket.tokens + ((nowMs - bucket.atMs) / 1_000) * this.perSecond);
    if (tokens < 1) {
      this.buckets.set(keyId, { tokens, atMs: nowMs });
      const retryAfterSeconds = Math.max(1, Math.ceil((1 - tokens) / this.perSecond));
      throw new Refusal({ kind: 'throttled', code: 'rate_limited', message: `This key made more than ${this.perSecond} requests a second; try again in ${retryAfterSeconds} s.`, retryAfterSeconds });
    }
    this.buckets.set(keyId, { tokens: tokens - 1, atMs: nowMs });
  }
}
