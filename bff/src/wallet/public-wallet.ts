import { fixedAmount } from '../../../common/amount.ts';
import type { WalletFigures } from './wallet-figures.ts';

/**
 * The app wallet's money as the event `wallet.low_balance` carries it; every amount a decimal string
 * with all 7 places. Its schema is public-api/operations-schemas.ts.
 */
export interface PublicWallet {
  address: string;
  balance: string;
  /** What the network makes the account keep. */
  minimumBalance: string;
  /** Rewards accepted and not yet on the ledger: their amounts plus one base fee each. */
  reserved: { amount: string; rewards: number };
  /** balance − minimum − reserved. */
  available: string;
  /** The admin's low-balance threshold (available funds). */
  lowBalanceThreshold: string;
}

export function publicWalletOf(address: string, figures: WalletFigures, threshold: bigint): PublicWallet {
  return {
    address,
    balance: fixedAmount(figures.balance),
    minimumBalance: fixedAmount(figures.minimum),
    reserved: { amount: fixedAmount(figures.reserved), rewards: figures.reservedRewards },
    available: fixedAmount(figures.available),
    lowBalanceThreshold: fixedAmount(threshold),
  };
}
