import { toScaled } from '../../../common/amount.ts';
import type { RewardFunds } from '../rewards/reward-funds.ts';
import type { Database } from '../store/database.ts';
import { committedFunds } from './reserved-funds.ts';
import type { WalletChain } from './wallet-chain.ts';

/**
 * The funds check before a reward's payment is created: the balance read fresh from Horizon (a cached
 * one would still hold money a transaction applied since has taken, while that reward no longer counts
 * as committed), less the minimum balance and what other rewards already asked for.
 */
export class WalletFunds implements RewardFunds {
  constructor(private readonly deps: { db: Database; chain: WalletChain }) {}

  async shortfallFor(reward: { id: string; amount: string }): Promise<bigint> {
    const { db, chain } = this.deps;
    const [account, prices, committed] = await Promise.all([chain.account(), chain.prices(), committedFunds(db, reward.id)]);
    const minimum = (2n + BigInt(account.subentryCount)) * prices.baseReserveStroops;
    const free = account.balanceStroops - minimum - committed.amountStroops - BigInt(committed.rewards) * prices.baseFeeStroops;
    const need = toScaled(reward.amount) + prices.baseFeeStroops;
    return need > free ? need - free : 0n;
  }
}
