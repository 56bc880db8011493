import type { ReconciliationStatus } from '../reconciliation/reconciliation-status.ts';
import type { OpenState } from '../rewards/open-reward-counts.ts';
import type { DeliveryBacklog } from '../webhooks/delivery-backlog.ts';

/** The wallet's money as the metrics show it, in stroops. */
export interface WalletReading {
  balance: bigint;
  available: bigint;
  reserved: bigint;
  /** The admin's low-balance threshold; null when none is set. */
  lowBalance: bigint | null;
}

/**
 * What the gauges read at scrape time, each from the capability that knows it. Every reading is a
 * bounded query (a partial index's rows, a count of open items) or the wallet's figures, which cost
 * two Horizon reads and are taken at most every WALLET_READ_EVERY_MS.
 */
export interface ConsoleReadings {
  openRewards(): Promise<Record<OpenState, number>>;
  batchRowsLeft(): Promise<number>;
  /** Null without an app wallet. */
  wallet(): Promise<WalletReading | null>;
  reconciliation(): Promise<ReconciliationStatus>;
  webhookBacklog(): Promise<DeliveryBacklog>;
  /** One trivial statement through the store's pool: its time is the store's round trip, queueing included. */
  storeProbe(): Promise<void>;
}
