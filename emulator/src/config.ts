export type OngoingRule = 'per_user' | 'per_app';
export type IncompleteListMode = 'all' | 'latest_only';

/** Behaviour switches the control API can change while the emulator runs. */
export interface EmulatorConfig {
  ongoingRule: OngoingRule;
  incompleteList: IncompleteListMode;
  u2aExpiryMs: number;
  /** Show `transaction: null` in the incomplete list although a transaction exists (a known platform trap). */
  staleIncompleteTransactions: boolean;
  network: NetworkConfig;
}

/** The emulated chain's pace and prices. */
export interface NetworkConfig {
  /** A ledger closes every this many ms; 0 closes one at once for every transaction that arrives. */
  ledgerCloseMs: number;
  /** How long Horizon's synchronous submit waits for a ledger to include the transaction before its 504. */
  horizonSubmitTimeoutMs: number;
  /** How many transactions one ledger takes; the rest wait for the next. */
  maxTxPerLedger: number;
  baseFeeStroops: bigint;
  baseReserveStroops: bigint;
}

/** The platform's main network: 0.01 a transaction (a mainnet record shows fee_charged 100000), Stellar's 0.5 reserve. */
export const NETWORK_DEFAULTS: NetworkConfig = {
  ledgerCloseMs: 0,
  horizonSubmitTimeoutMs: 30_000,
  maxTxPerLedger: 1_000,
  baseFeeStroops: 100_000n,
  baseReserveStroops: 5_000_000n,
};

/** The real network's pace: what the sandbox shows a manager. */
export const NETWORK_LEDGER_CLOSE_MS = 5_000;
