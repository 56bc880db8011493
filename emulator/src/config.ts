export type OngoingRule = 'per_user' | 'per_app';
export type IncompleteListMode = 'all' | 'latest_only';

/** Behaviour switches the control API can change while the emulator runs. */
export interface EmulatorConfig {
  ongoingRule: OngoingRule;
  incompleteList: IncompleteListMode;
  u2aExpiryMs: number;
  /** Show `transaction: null` in the incomplete list although a transaction exists (a known platform trap). */
  staleIncompleteTransactions: boolean;
}
