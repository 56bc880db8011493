/**
 * The platform's "wait" for payment creation (a 429 with its Retry-After), kept for the whole app:
 * while it holds, no reward or batch row of this console asks to create a payment, whichever part
 * (the reward worker, the batch runner, a retry) drives it.
 */
export class CreateWait {
  private until = 0;

  /** How long creates must still wait, in ms; 0 when they may go. */
  remainingMs(): number {
    return Math.max(0, this.until - Date.now());
  }

  /** The platform said to wait `ms`; a longer wait already in force stays. */
  holdFor(ms: number): void {
    this.until = Math.max(this.until, Date.now() + ms);
  }
}
