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
export async function walletFigures(db: Database, chain: WalletChain): Promise<WalletFigures> {
  const [account, prices, reserved] = await Promise.all([chain.account(), chain.prices(), reservedFunds(db)]);
  return figuresOf(account, prices, reserved);
}

/**
 * The same, with only what other rewards have already asked the platform for counted against the
 * balance: the funds check. Its balance is read after that sum, so never staler than it. A reward
 * leaves the sum only once the ledger has taken its money (it is recorded `submitted` after its
 * transaction applied) or can no longer take it (it ended without a transaction), so a balance read
 * after the sum lacks the money of every reward the sum no longer counts. One that applies between
 * the two reads is counted twice (still in the sum, gone from the balance): that errs towards waiting.
 * Read the other way round (or side by side), a reward applied and recorded in between would be in
 * neither, and its money counted free. A reward the console creates joins the sum by its own check,
 * and the checks take turns across instances (`RewardFunds.inTurn`): none misses one that joined
 * before it.
 */
export async function figuresBeside(db: Database, chain: WalletChain, rewardId: string): Promise<WalletFigures> {
  const committed = await committedFunds(db, rewardId);
  const [account, prices] = await Promise.all([chain.account(), chain.prices()]);
  return figuresOf(account, prices, committed);
}

function figuresOf(
  account: { balanceStroops: bigint; subentryCount: number },
  prices: { baseFeeStroops: bigint; baseReserveStroops: bigint },
  reserved: ReservedFunds,
): WalletFigures {
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
