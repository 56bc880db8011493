import { and, asc, desc, eq, gte, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../store/database.ts';
import { apiKeys, rewardBatches, rewards, staff } from '../store/schema.ts';

/** One reward or batch awaiting approval (or rejected), with who asked for it and who rejected it. */
export interface AwaitingRow {
  kind: 'reward' | 'batch';
  id: string;
  requestedBy: string;
  requesterEmail: string | null;
  /** The name of the API key that asked for it, when a key did (single rewards only). */
  requesterKeyName: string | null;
  /** The reward's amount, or the batch's total. */
  amount: string;
  /** The reward's user (single rewards only). */
  uid: string | null;
  /** The batch's file name and valid rows (batches only). */
  fileName: string | null;
  rows: number | null;
  createdAt: Date;
  rejectedBy: string | null;
  rejecterEmail: string | null;
  rejectedAt: Date | null;
  rejectionReason: string | null;
}

/**
 * The queue is short by nature (each entry waits for a person); past this many of each kind the
 * oldest are shown and the rest wait their turn.
 */
const MAX_OF_EACH_KIND = 500;

const rejecter = alias(staff, 'rejecter');

/** Reads the single rewards (not rows of a batch: those are decided with their batch) and the batches awaiting approval, or rejected. */
export class ApprovalQueueStore {
  constructor(private readonly db: Database) {}

  /** Everything awaiting approval, oldest first. */
  async awaiting(): Promise<AwaitingRow[]> {
    const rows = await this.requests({ rewards: eq(rewards.state, 'awaiting_approval'), batches: eq(rewardBatches.state, 'awaiting_approval') }, 'oldest');
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** What `staffId` asked for and someone rejected since `since`, newest rejection first. */
  async rejectedOf(staffId: string, since: Date): Promise<AwaitingRow[]> {
    const rows = await this.requests(
      {
        rewards: and(eq(rewards.state, 'rejected'), eq(rewards.requestedBy, staffId), gte(rewards.rejectedAt, since)) as SQL,
        batches: and(eq(rewardBatches.state, 'rejected'), eq(rewardBatches.requestedBy, staffId), gte(rewardBatches.rejectedAt, since)) as SQL,
      },
      'newest rejection',
    );
    return rows.sort((a, b) => (b.rejectedAt?.getTime() ?? 0) - (a.rejectedAt?.getTime() ?? 0));
  }

  private async requests(where: { rewards: SQL; batches: SQL }, first: 'oldest' | 'newest rejection'): Promise<AwaitingRow[]> {
    const rejection = (table: typeof rewards | typeof rewardBatches) => ({
      rejectedBy: table.rejectedBy,
      rejecterEmail: rejecter.email,
      rejectedAt: table.rejectedAt,
      rejectionReason: table.rejectionReason,
    });
    const [single, batches] = await Promise.all([
      this.db
        .select({ id: rewards.id, requestedBy: rewards.requestedBy, requesterEmail: staff.email, requesterKeyName: apiKeys.name, amount: rewards.amount, uid: rewards.uid, createdAt: rewards.createdAt, ...rejection(rewards) })
        .from(rewards)
        .leftJoin(staff, eq(staff.id, rewards.requestedBy))
        .leftJoin(apiKeys, eq(apiKeys.id, rewards.requestedBy))
        .leftJoin(rejecter, eq(rejecter.id, rewards.rejectedBy))
        .where(and(where.rewards, isNull(rewards.batchId)))
        .orderBy(...(first === 'oldest' ? [asc(rewards.createdAt), asc(rewards.id)] : [desc(rewards.rejectedAt), desc(rewards.id)]))
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
          ...rejection(rewardBatches),
        })
        .from(rewardBatches)
        .leftJoin(staff, eq(staff.id, rewardBatches.requestedBy))
        .leftJoin(rejecter, eq(rejecter.id, rewardBatches.rejectedBy))
        .where(where.batches)
        .orderBy(...(first === 'oldest' ? [asc(rewardBatches.createdAt), asc(rewardBatches.id)] : [desc(rewardBatches.rejectedAt), desc(rewardBatches.id)]))
        .limit(MAX_OF_EACH_KIND),
    ]);
    return [...single.map((row): AwaitingRow => ({ kind: 'reward', ...row, fileName: null, rows: null })), ...batches.map((row): AwaitingRow => ({ kind: 'batch', ...row, requesterKeyName: null, uid: null }))];
  }
}
