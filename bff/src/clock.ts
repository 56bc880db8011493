/** The time source; tests of expiry, throttling and waiting move it instead of waiting. */
export interface Clock {
  now(): Date;
  /** Milliseconds on a clock that never goes back (for how long something took or may still take); only differences mean anything. */
  monotonicMs(): number;
}

export const systemClock: Clock = { now: () => new Date(), monotonicMs: () => performance.now() };
