import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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

export async function reservedFunds(db: Executor): Promise<ReservedFunds> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${rewards.amount}), 0)::text`, count: sql<number>`count(*)::int` })
    .from(rewards)
    .leftJoin(rewardBatches, eq(rewardBatches.id, rewards.batchId))
    .where(and(inArray(rewards.state, [...RESERVING_STATES]), or(isNull(rewards.batchId), inArray(rewardBatches.state, ['running', 'paused']))));
  return { amountStroops: toScaled(row?.total ?? '0'), rewards: row?.count ?? 0 };
}
