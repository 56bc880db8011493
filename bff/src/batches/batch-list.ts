import { and, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditedExport } from '../audit/audited-export.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import { escapeLike } from '../store/like-pattern.ts';
import { rewardBatches, rewards, staff } from '../store/schema.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor, type TimeIdCursor } from '../store/time-id-cursor.ts';
import type { RewardState } from '../rewards/reward-row.ts';
import { batchListCsv } from './batch-list-csv.ts';
import type { BatchRecord, BatchRow, BatchState } from './batch-store.ts';
import { batchView } from './batch-view.ts';
import type { BatchListItem } from './batch-list-item.ts';

export interface BatchListFilters {
  state?: BatchState[] | undefined;
  /** Part of the requester's email, any case. */
  requester?: string | undefined;
  /** Created from this time on (inclusive). */
  from?: Date | undefined;
  /** Created before this time (exclusive). */
  to?: Date | undefined;
}

export interface BatchListRequest extends BatchListFilters {
  /** `nextCursor` of the page before; none for the newest page. */
  cursor?: string | undefined;
  limit: number;
}

const EXPORT_PAGE_SIZE = 500;

/** The Batches list: newest first, filtered, in keyset pages, and as CSV. */
export class BatchList {
  constructor(private readonly deps: { db: Database; audit: AuditLog; clock: Clock }) {}

  async page({ cursor, limit, ...filters }: BatchListRequest): Promise<{ batches: BatchListItem[]; nextCursor: string | null }> {
    const found = await this.newestFirst(filters, cursor === undefined ? undefined : decodeTimeIdCursor(cursor), limit + 1);
    const page = found.slice(0, limit);
    const counts = await this.rewardCounts(page.map(({ batch }) => batch.id));
    const last = page.at(-1)?.batch;
    return {
      batches: page.map((found) => this.item(found, counts.get(found.batch.id) ?? new Map())),
      nextCursor: found.length > limit && last ? encodeTimeIdCursor({ at: last.createdAt, id: last.id }) : null,
    };
  }

  /** The filtered batches as CSV; the export itself is audited, by how it went. */
  exportCsv(filters: BatchListFilters, origin: AuditOrigin): { csv: AsyncIterable<string>; takenAt: Date } {
    const entry = { ...origin, action: 'reward_batches.export' as const, target: null, details: { filters } };
    return { csv: auditedExport(this.deps.audit, entry, batchListCsv(this.pages(filters))), takenAt: this.deps.clock.now() };
  }

  private newestFirst(filters: BatchListFilters, before: TimeIdCursor | undefined, limit: number) {
    const requester = alias(staff, 'requester');
    const approver = alias(staff, 'approver');
    const rejecter = alias(staff, 'rejecter');
    const { state, requester: email, from, to } = filters;
    const conditions: Array<SQL | undefined> = [
      state ? inArray(rewardBatches.state, state) : undefined,
      email ? ilike(requester.email, `%${escapeLike(email)}%`) : undefined,
      from ? gte(rewardBatches.createdAt, from) : undefined,
      to ? lt(rewardBatches.createdAt, to) : undefined,
      before ? sql`(${rewardBatches.createdAt}, ${rewardBatches.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)` : undefined,
    ];
    return this.deps.db
      .select({ batch: rewardBatches, requesterEmail: requester.email, approverEmail: approver.email, rejecterEmail: rejecter.email })
      .from(rewardBatches)
      .leftJoin(requester, eq(requester.id, rewardBatches.requestedBy))
      .leftJoin(approver, eq(approver.id, rewardBatches.approvedBy))
      .leftJoin(rejecter, eq(rejecter.id, rewardBatches.rejectedBy))
      .where(and(...conditions))
      .orderBy(desc(rewardBatches.createdAt), desc(rewardBatches.id))
      .limit(limit);
  }

  /** How many of each batch's rewards are in each state, for the batches of one page. */
  private async rewardCounts(batchIds: string[]): Promise<Map<string, Map<RewardState, number>>> {
    const byBatch = new Map<string, Map<RewardState, number>>();
    if (batchIds.length === 0) return byBatch;
    const rows = await this.deps.db
      .select({ batchId: rewards.batchId, state: rewards.state, count: sql<number>`count(*)::int` })
      .from(rewards)
      .where(inArray(rewards.batchId, batchIds))
      .groupBy(rewards.batchId, rewards.state);
    for (const { batchId, state, count } of rows) {
      if (batchId === null) continue;
      const counts = byBatch.get(batchId) ?? new Map<RewardState, number>();
      byBatch.set(batchId, counts.set(state, count));
    }
    return byBatch;
  }

  private item({ approverEmail, ...record }: BatchRecord & { approverEmail: string | null }, counts: Map<RewardState, number>): BatchListItem {
    const { batch } = record;
    // The batch page's own figures; the list shows counts only, so no pace, no blocked rows and no retry.
    const view = batchView(record, { counts, blocked: 0, ledgerMs: null, failedRows: { retryable: 0, leftOut: 0 }, now: this.deps.clock.now() });
    const { done, failed, cancelled, remaining, total } = view.progress;
    return {
      id: view.id,
      name: view.fileName,
      requester: view.requestedBy,
      state: view.state,
      progress: { done, failed, cancelled, remaining, total },
      rows: view.rows,
      total: view.total,
      approval: approvalOf(batch, approverEmail, record.rejecterEmail),
      createdAt: view.createdAt,
    };
  }

  private async *pages(filters: BatchListFilters): AsyncGenerator<BatchListItem[]> {
    let cursor: string | undefined;
    do {
      const page = await this.page({ ...filters, cursor, limit: EXPORT_PAGE_SIZE });
      if (page.batches.length > 0) yield page.batches;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
}

function approvalOf(batch: BatchRow, approverEmail: string | null, rejecterEmail: string | null): BatchListItem['approval'] {
  if (batch.approvedBy !== null) return { state: 'approved', by: approverEmail ?? batch.approvedBy };
  if (batch.rejectedBy !== null) return { state: 'rejected', by: rejecterEmail ?? batch.rejectedBy };
  if (batch.state === 'awaiting_approval') return { state: 'awaiting', by: null };
  // Asked, never approved, and no longer waiting: its requester withdrew it (or cancelled it).
  if (batch.approvalAsked) return { state: 'withdrawn', by: null };
  return { state: batch.startedAt === null ? 'not_asked' : 'not_needed', by: null };
}
