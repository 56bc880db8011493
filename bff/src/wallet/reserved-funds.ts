import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { toScaled } from '../../../common/amount.ts';
import type { Executor } from '../store/executor.ts';
import { rewardBatches, rewards } from '../store/schema.ts';

/**
 * Rewards accepted and not yet on the ledger: the wallet's balance still holds their money. `signed`
 * counts too, since an envelope that was sent but not applied has not moved anything yet; rows of
 * a batch count once it is approved or started (running or paused), not while it is only previewed
 * or awaits approval.
 */
export const RESERVING_STATES = ['requested', 'created', 'signed'] as const;

export interface ReservedFunds {
  /** Their amounts, in stroops (fees apart: one base fee per reward). */
  amountStroops: bigint;
  rewards: number;
}

export function reservedFunds(db: Executor): Promise<ReservedFunds> {
  return sumOf(db, and(inArray(rewards.state, [...RESERVING_STATES]), or(isNull(rewards.batchId), inArray(rewardBatches.state, ['running', 'paused']))));
}

/**
 * What other rewards have already asked the platform for and the ledger has not yet taken: created
 * or signed, or asked (a create sent) with its answer still to come or lost. A reward about to be
 * created must fit beside these; the ones still waiting their turn do not hold it back.
 */
export function committedFunds(db: Executor, exceptRewardId: string): Promise<ReservedFunds> {
  const asked = and(eq(rewards.state, 'requested'), gt(rewards.createAttempts, 0));
  // The first condition alone already holds; it lets the planner read the small partial index of unfinished rewards.
  return sumOf(db, and(inArray(rewards.state, [...RESERVING_STATES]), ne(rewards.id, exceptRewardId), or(inArray(rewards.state, ['created', 'signed']), asked)));
}

async function sumOf(db: Executor, where: ReturnType<typeof and>): Promise<ReservedFunds> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${rewards.amount}), 0)::text`, count: sql<number>`count(*)::int` })
    .from(rewards)
    .leftJoin(rewardBatches, eq(rewardBatches.id, rewards.batchId))
    .where(where);
  return { amountStroops: toScaled(row?.total ?? '0'), rewards: row?.count ?? 0 };
}
