import type { AccountPayment } from '../chain/horizon-client.ts';

/** What the wallet page needs of the blockchain; `horizon-wallet.ts` reads it from Horizon. */
export interface WalletChain {
  /** The app wallet's public key. */
  readonly address: string;
  network(): Promise<string>;
  account(): Promise<{ balanceStroops: bigint; subentryCount: number }>;
  /** The latest ledger's prices: the fee of one operation and the reserve each ledger entry must keep. */
  prices(): Promise<{ baseFeeStroops: bigint; baseReserveStroops: bigint }>;
  /** The wallet's latest payments in and out, newest first, failed ones included. */
  recentPayments(limit: number): Promise<AccountPayment[]>;
  transactionLink(hash: string): string;
}
