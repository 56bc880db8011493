import { toScaled } from '../../../common/amount.ts';
import type { RewardFunds } from '../rewards/reward-funds.ts';
import type { Database } from '../store/database.ts';
import type { WalletChain } from './wallet-chain.ts';
import { figuresBeside, walletFigures } from './wallet-figures.ts';

/**
 * The funds checks. A reward about to be created must fit beside what other rewards have already
 * asked the platform for (rows waiting their turn do not hold it back); a batch starts, is approved or
 * goes on only when all accepted work fits.
 */
export class WalletFunds implements RewardFunds {
  constructor(private readonly deps: { db: Database; chain: WalletChain }) {}

  async shortfallFor(reward: { id: string; amount: string }): Promise<bigint> {
    const figures = await figuresBeside(this.deps.db, this.deps.chain, reward.id);
    const need = toScaled(reward.amount) + figures.baseFee;
    return need > figures.available ? need - figures.available : 0n;
  }

  async shortfallOf(batch: { amount: string; rewards: number }): Promise<bigint> {
    const figures = await walletFigures(this.deps.db, this.deps.chain);
    const need = toScaled(batch.amount) + BigInt(batch.rewards) * figures.baseFee;
    return need > figures.available ? need - figures.available : 0n;
  }

  async baseFee(): Promise<bigint> {
    return (await this.deps.chain.prices()).baseFeeStroops;
  }
}
