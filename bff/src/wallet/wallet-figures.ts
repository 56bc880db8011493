import type { Database } from '../store/database.ts';
import { committedFunds, reservedFunds, type ReservedFunds } from './reserved-funds.ts';
import type { WalletChain } from './wallet-chain.ts';

/** The wallet's money in stroops, as read now from Horizon and the store. */
export interface WalletFigures {
  balance: bigint;
  /** (2 + subentries) × base reserve: what the network makes the account keep. */
  minimum: bigint;
  baseFee: bigint;
  baseReserve: bigint;
  /** Rewards accepted and not yet on the ledger (see `reservedFunds`), with one base fee each. */
  reserved: bigint;
  reservedRewards: number;
  /** balance − minimum − reserved. */
  available: bigint;
}

/** The balance is read fresh: a cached one would still hold money a transaction applied since has taken. */
export async function walletFigures(db: Database, chain: WalletChain, reserving: (db: Database) => Promise<ReservedFunds> = reservedFunds): Promise<WalletFigures> {
  const [account, prices, reserved] = await Promise.all([chain.account(), chain.prices(), reserving(db)]);
  const minimum = (2n + BigInt(account.subentryCount)) * prices.baseReserveStroops;
  const reservedStroops = reserved.amountStroops + BigInt(reserved.rewards) * prices.baseFeeStroops;
  return {
    balance: account.balanceStroops,
    minimum,
    baseFee: prices.baseFeeStroops,
    baseReserve: prices.baseReserveStroops,
    reserved: reservedStroops,
    reservedRewards: reserved.rewards,
    available: account.balanceStroops - minimum - reservedStroops,
  };
}

/** The same, with only what other rewards have already asked the platform for counted against the balance. */
export const figuresBeside = (db: Database, chain: WalletChain, rewardId: string): Promise<WalletFigures> => walletFigures(db, chain, (executor) => committedFunds(executor, rewardId));
