import { and, count, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { REFUSALS_NO_RETRY_MENDS } from '../../../common/retry-hope.ts';
import type { Database } from '../store/database.ts';
import { reconciliationExceptions, rewardBatches, rewards } from '../store/schema.ts';

/** What waits for a person beside the payments: each a count the overview links to where it is done. */
export interface AttentionCounts {
  /** Set aside for a person, or failed for a reason a retry can mend. */
  rewardsNeedingAttention: number;
  /** Paused (by staff, or for funds), or paying with rows blocked by another open payment. */
  heldUpBatches: number;
  /** Reconciliation exceptions nobody has acknowledged yet. */
  openExceptions: number;
}

export async function attentionCounts(db: Database): Promise<AttentionCounts> {
  const retryMends = or(isNull(rewards.errorCode), notInArray(rewards.errorCode, [...REFUSALS_NO_RETRY_MENDS]));
  const blockedRows = sql`EXISTS (SELECT 1 FROM ${rewards} WHERE ${rewards.batchId} = ${rewardBatches.id} AND ${rewards.blockedBy} IS NOT NULL AND ${rewards.state} IN ('requested', 'created'))`;
  const [[needing], [heldUp], [open]] = await Promise.all([
    db
      .select({ n: count() })
      .from(rewards)
      .where(or(eq(rewards.state, 'needs_attention'), and(eq(rewards.state, 'failed'), retryMends))),
    db
      .select({ n: count() })
      .from(rewardBatches)
      .where(or(eq(rewardBatches.state, 'paused'), and(eq(rewardBatches.state, 'running'), blockedRows))),
    db.select({ n: count() }).from(reconciliationExceptions).where(eq(reconciliationExceptions.state, 'open')),
  ]);
  return { rewardsNeedingAttention: needing?.n ?? 0, heldUpBatches: heldUp?.n ?? 0, openExceptions: open?.n ?? 0 };
}
