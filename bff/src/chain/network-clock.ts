import type { HorizonClient, LedgerClock } from './horizon-client.ts';

/** The real network closes a ledger about every 5.3 s; used until Horizon has shown its own pace. */
export const NETWORK_LEDGER_MS = 5_300;
/** Bounds on the pace read from Horizon: a test network that closes a ledger per transaction has no steady one. */
const MIN_LEDGER_MS = 100;
const MAX_LEDGER_MS = 10_000;

/**
 * The network's time and pace, as Horizon's latest ledgers show them. Time bounds and "is this
 * envelope dead yet" go by this clock, never the console's: a console whose clock runs ahead would
 * otherwise give up on an envelope the network may still take.
 */
export class NetworkClock {
  private last: { clock: LedgerClock; readAt: number } | null = null;

  constructor(private readonly horizon: Pick<HorizonClient, 'latestLedger'>) {}

  /** The latest closed ledger, read again when the one in hand is older than `maxAgeMs`. */
  async latest(maxAgeMs: number): Promise<LedgerClock> {
    const now = performance.now();
    if (this.last && now - this.last.readAt <= maxAgeMs) return this.last.clock;
    const clock = await this.horizon.latestLedger();
    this.last = { clock, readAt: now };
    return clock;
  }

  /**
   * The time to start an envelope's validity from (whole seconds): the network's (the latest close
   * plus what has passed since it was read), or the console's when that is later. A console clock
   * behind the network's would otherwise sign envelopes already too late; one ahead only makes them
   * valid a little longer, and whether one is dead is decided by the ledger's clock alone. A network
   * idle for long (a test network closing a ledger per transaction) shows an old close time.
   */
  async nowSeconds(): Promise<number> {
    const clock = await this.latest(1_000);
    const sinceRead = this.last ? performance.now() - this.last.readAt : 0;
    return Math.floor(Math.max(clock.closedAtMs + sinceRead, Date.now()) / 1000);
  }

  /** The time between ledgers, as observed (bounded), or the real network's when nothing is known. */
  async ledgerMs(): Promise<number> {
    const { intervalMs } = await this.latest(1_000);
    return Math.min(Math.max(Math.round(intervalMs ?? NETWORK_LEDGER_MS), MIN_LEDGER_MS), MAX_LEDGER_MS);
  }
}
