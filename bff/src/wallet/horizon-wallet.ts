import type { HorizonClient } from '../chain/horizon-client.ts';
import type { ReconciliationChain } from '../reconciliation/reconciliation-chain.ts';
import type { WalletChain } from './wallet-chain.ts';

/** The app wallet as Horizon shows it. */
export class HorizonWallet implements WalletChain, ReconciliationChain {
  readonly address: string;
  private passphrase: Promise<string> | null = null;

  constructor(private readonly options: { horizon: HorizonClient; horizonUrl: string; address: string }) {
    this.address = options.address;
  }

  /** Read once: a Horizon serves one network for its life. */
  network(): Promise<string> {
    this.passphrase ??= this.options.horizon.networkPassphrase().catch((error: unknown) => {
      this.passphrase = null;
      throw error;
    });
    return this.passphrase;
  }

  account(): Promise<{ balanceStroops: bigint; subentryCount: number }> {
    return this.options.horizon.account(this.address);
  }

  async prices(): Promise<{ baseFeeStroops: bigint; baseReserveStroops: bigint }> {
    const latest = await this.options.horizon.latestLedger(1);
    return { baseFeeStroops: BigInt(latest.baseFeeStroops), baseReserveStroops: BigInt(latest.baseReserveStroops) };
  }

  recentPayments(limit: number) {
    return this.options.horizon.accountPayments(this.address, { order: 'desc', limit });
  }

  paymentsAfter(cursor: string | null, limit: number) {
    return this.options.horizon.accountPayments(this.address, { order: 'asc', limit, cursor: cursor ?? undefined });
  }

  transactionLink(hash: string): string {
    return `${this.options.horizonUrl.replace(/\/+$/, '')}/transactions/${hash}`;
  }
}
