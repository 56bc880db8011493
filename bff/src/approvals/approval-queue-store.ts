import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { rewardBatches, rewards, staff } from '../store/schema.ts';

/** One reward or batch awaiting approval, with who asked for it. */
export interface AwaitingRow {
  kind: 'reward' | 'batch';
  id: string;
  requestedBy: string;
  requesterEmail: string | null;
  /** The reward's amount, or the batch's total. */
  amount: string;
  /** The reward's user (single rewards only). */
  uid: string | null;
  /** The batch's file name and valid rows (batches only). */
  fileName: string | null;
  rows: number | null;
  createdAt: Date;
}

/**
 * The queue is short by nature (each entry waits for a person); past this many of each kind the
 * oldest are shown and the rest wait their turn.
 */
const MAX_OF_EACH_KIND = 500;

/** Reads the single rewards (not rows of a batch: those are approved with their batch) and the batches awaiting approval. */
export class ApprovalQueueStore {
  constructor(private readonly db: Database) {}

  async awaiting(): Promise<AwaitingRow[]> {
    const [single, batches] = await Promise.all([
      this.db
        .select({ id: rewards.id, requestedBy: rewards.requestedBy, requesterEmail: staff.email, amount: rewards.amount, uid: rewards.uid, createdAt: rewards.createdAt })
        .from(rewards)
        .leftJoin(staff, eq(staff.id, rewards.requestedBy))
        .where(and(eq(rewards.state, 'awaiting_approval'), isNull(rewards.batchId)))
        .orderBy(asc(rewards.createdAt), asc(rewards.id))
        .limit(MAX_OF_EACH_KIND),
      this.db
        .select({
          id: rewardBatches.id,
          requestedBy: rewardBatches.requestedBy,
          requesterEmail: staff.email,
          amount: rewardBatches.totalAmount,
          fileName: rewardBatches.fileName,
          rows: rewardBatches.validCount,
          createdAt: rewardBatches.createdAt,
        })
        .from(rewardBatches)
        .leftJoin(staff, eq(staff.id, rewardBatches.requestedBy))
        .where(eq(rewardBatches.state, 'awaiting_approval'))
        .orderBy(asc(rewardBatches.createdAt), asc(rewardBatches.id))
        .limit(MAX_OF_EACH_KIND),
    ]);
    return [
      ...single.map((row): AwaitingRow => ({ kind: 'reward', ...row, fileName: null, rows: null })),
      ...batches.map((row): AwaitingRow => ({ kind: 'batch', ...row, uid: null })),
    ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
}
