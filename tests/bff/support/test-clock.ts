import type { Clock } from '../../../bff/src/clock.ts';

/**
 * A clock tests move by hand, for idle and absolute expiry and throttling delays. Its monotonic reading
 * runs on by itself (as waits in the app expect) and jumps with every `advance`.
 */
export class TestClock implements Clock {
  private current: number;
  private advanced = 0;

  constructor(start = Date.parse('2026-11-21T09:00:00.000Z')) {
    this.current = start;
  }

  now(): Date {
    return new Date(this.current);
  }

  monotonicMs(): number {
    return performance.now() + this.advanced;
  }

  advance(ms: number): void {
    this.current += ms;
    this.advanced += ms;
  }
}
