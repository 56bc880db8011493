import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../../bff/src/upstream/backoff.ts';
import { REWARD_BACKOFF } from '../../../bff/src/rewards/upstream-verdicts.ts';
import { parseRetryAfter } from '../../../bff/src/upstream/retry-after.ts';

describe('backoffMs', () => {
  it('doubles its ceiling with each retry and takes a random half to all of it', () => {
    for (let retry = 0; retry < 6; retry++) {
      const ceiling = 200 * 2 ** retry;
      for (let i = 0; i < 50; i++) {
        const wait = backoffMs(retry, { baseMs: 200 });
        expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
        expect(wait).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it("writes the reward pipeline's wait after n failed calls: 1 s, 2 s, 4 s … up to 5 min, a random half to all of it", () => {
    for (let attempts = 0; attempts < 14; attempts++) {
      const ceiling = Math.min(1_000 * 2 ** attempts, 300_000);
      const wait = backoffMs(attempts, REWARD_BACKOFF);
      expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
      expect(wait).toBeLessThanOrEqual(ceiling);
    }
  });

  it('never waits longer than its cap, however many retries came before', () => {
    for (const retry of [9, 10, 50, 5_000]) {
      const wait = backoffMs(retry, { baseMs: 1_000, maxMs: 300_000 });
      expect(wait).toBeGreaterThanOrEqual(150_000);
      expect(wait).toBeLessThanOrEqual(300_000);
    }
  });

  it('spreads callers that failed together', () => {
    expect(new Set(Array.from({ length: 20 }, () => backoffMs(3, { baseMs: 1_000 }))).size).toBeGreaterThan(1);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('7', now)).toBe(7_000);
  });

  it('reads an HTTP date as the time left until it, never less than nothing', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    for (const value of [undefined, '', 'soon', '-3']) expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
