import type { AccountPayment } from '../chain/horizon-client.ts';

/** What reconciliation reads of the blockchain; `wallet/horizon-wallet.ts` reads it from Horizon. */
export interface ReconciliationChain {
  /** The app wallet's public key. */
  readonly address: string;
  /** The wallet's payment operations after `cursor` (from the first without one) in ledger order, failed ones included. */
  paymentsAfter(cursor: string | null, limit: number): Promise<AccountPayment[]>;
  account(): Promise<{ balanceStroops: bigint }>;
}
