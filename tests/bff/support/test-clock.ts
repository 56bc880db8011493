import type { Clock } from '../../../bff/src/clock.ts';

/** A clock tests move by hand, for idle and absolute expiry and throttling delays. */
export class TestClock implements Clock {
  private current: number;

  constructor(start = Date.parse('2026-11-21T09:00:00.000Z')) {
    this.current = start;
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
