import { toScaled } from '../../../common/amount.ts';
import { NETWORK_LEDGER_MS } from '../chain/network-clock.ts';
import type { RewardFunds } from '../rewards/reward-funds.ts';
import type { Database } from '../store/database.ts';
import { holding, type SharedLock } from '../store/shared-lock.ts';
import type { WalletChain } from './wallet-chain.ts';
import { figuresBeside, walletFigures } from './wallet-figures.ts';

/** Funds are asked about again after two ledgers (the real network's when its pace is unknown), and not more often than every second. */
const RECHECK_LEDGERS = 2;
const MIN_RECHECK_MS = 1_000;

/**
 * The funds checks. A reward about to be created must fit beside what other rewards have already
 * asked the platform for (rows waiting their turn do not hold it back); a batch starts, is approved or
 * goes on only when all accepted work fits.
 */
export class WalletFunds implements RewardFunds {
  constructor(
    private readonly deps: {
      db: Database;
      chain: WalletChain;
      ledgerMs: () => Promise<number | null>;
      /**
       * Held from a check to the record of what it let through. Its calls to Horizon are bounded by the
       * Horizon client's deadlines, so a hung read holds it no longer than they allow.
       */
      turn: SharedLock;
    },
  ) {}

  inTurn<T>(work: () => Promise<T>): Promise<T> {
    return holding(this.deps.turn, work);
  }

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

  async recheckMs(): Promise<number> {
    return Math.max(RECHECK_LEDGERS * ((await this.deps.ledgerMs()) ?? NETWORK_LEDGER_MS), MIN_RECHECK_MS);
  }
}
