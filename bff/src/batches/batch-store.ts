import { and, asc, eq, gt, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { recordEvents } from '../events/event-log.ts';
import type { Database } from '../store/database.ts';
import type { Transaction } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import { userNameColumns } from '../store/app-user-names.ts';
import { appUserNames, payments, rewardBatchRows, rewardBatches, rewards, staff } from '../store/schema.ts';
import type { BatchTotals, CheckedRow } from './batch-row-check.ts';
import { facetCondition, isBlocked, type BatchRowFacet } from './batch-row-facets.ts';
import { batchEventsOf, type BatchRow, type BatchState } from './public-batch.ts';
import type { Admitted } from '../rewards/payout-intent.ts';
import { leaseUntil } from '../rewards/reward-lease.ts';
import { insertBatchRewards, moveRewardsWhere, type BulkMove } from '../rewards/reward-state-writer.ts';
import type { RewardState } from '../rewards/reward-row.ts';
import { isEnding, type RewardObserver } from '../rewards/reward-observer.ts';
import { transitionOf } from '../rewards/reward-transitions.ts';
import { REFUSALS_NO_RETRY_MENDS } from '../../../common/retry-hope.ts';

export type { BatchRow, BatchState } from './public-batch.ts';
export type BatchAudit = Pick<AuditEntry, 'actor' | 'clientIp' | 'requestId' | 'action'> & { details?: Record<string, unknown> };

/** What the runner does by itself is audited with no actor. */
const SYSTEM_AUDIT = { actor: null, clientIp: null, requestId: null };

export interface BatchRecord {
  batch: BatchRow;
  requesterEmail: string | null;
  rejecterEmail: string | null;
}

const rejecter = alias(staff, 'rejecter');

/** One uploaded row with the reward it became, if it did. */
export interface BatchResultRow {
  row: typeof rewardBatchRows.$inferSelect;
  reward: {
    id: string;
    state: RewardState;
    paymentId: string | null;
    txid: string | null;
    blockedBy: string | null;
    errorCode: string | null;
    errorMessage: string | null;
  } | null;
  /** The reward's transaction on Horizon, as the platform links it in the payment. */
  txLink: string | null;
  /** The app's names of the row's user, as `userNameColumns` reads them. */
  userNames: { username: string | null; displayName: string | null } | null;
}

const INSERT_CHUNK = 1_000;

/** Batches, their uploaded rows, and the rewards their rows become. */
export class BatchStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly observer?: RewardObserver,
  ) {}

  async create(input: { id: string; staffId: string; fileName: string | null; retryOf: string | null; rows: CheckedRow[]; totals: BatchTotals & { unseenUsers: number }; audit: BatchAudit }): Promise<void> {
    const now = this.clock.now();
    const { totals } = input;
    await this.db.transaction(async (tx) => {
      await tx.insert(rewardBatches).values({
        id: input.id,
        requestedBy: input.staffId,
        state: 'previewed',
        fileName: input.fileName,
        rowCount: totals.rowCount,
        validCount: totals.validCount,
        userCount: totals.userCount,
        totalAmount: totals.total,
        largestAmount: totals.largest,
        flags: { duplicateRows: totals.duplicateRows, duplicateUsers: totals.duplicateUsers, overCap: totals.overCap, unseenUsers: totals.unseenUsers },
        retryOf: input.retryOf,
        createdAt: now,
        updatedAt: now,
      });
      for (let i = 0; i < input.rows.length; i += INSERT_CHUNK) {
        await tx.insert(rewardBatchRows).values(input.rows.slice(i, i + INSERT_CHUNK).map((row) => ({ batchId: input.id, ...row })));
      }
      await this.audit.append(auditOf(input.id, { ...input.audit, details: { rows: totals.rowCount, valid: totals.validCount, total: totals.total } }), tx);
    });
  }

  async find(id: string): Promise<BatchRecord | null> {
    const [found] = await this.db
      .select({ batch: rewardBatches, requesterEmail: staff.email, rejecterEmail: rejecter.email })
      .from(rewardBatches)
      .leftJoin(staff, eq(staff.id, rewardBatches.requestedBy))
      .leftJoin(rejecter, eq(rejecter.id, rewardBatches.rejectedBy))
      .where(eq(rewardBatches.id, id));
    return found ?? null;
  }

  /** The rows with a problem or a warning, in file order, each with the app's names of its user. */
  notes(id: string, limit: number): Promise<Array<{ row: typeof rewardBatchRows.$inferSelect; userNames: { username: string | null; displayName: string | null } | null }>> {
    return this.db
      .select({ row: rewardBatchRows, userNames: userNameColumns })
      .from(rewardBatchRows)
      .leftJoin(appUserNames, eq(appUserNames.uid, rewardBatchRows.uid))
      .where(and(eq(rewardBatchRows.batchId, id), or(sql`${rewardBatchRows.problems} <> '[]'::jsonb`, sql`${rewardBatchRows.warnings} <> '[]'::jsonb`)))
      .orderBy(asc(rewardBatchRows.line))
      .limit(limit);
  }

  /** How many of the batch's rewards are in each state. */
  async stateCounts(id: string): Promise<Map<RewardState, number>> {
    const rows = await this.db.select({ state: rewards.state, count: sql<number>`count(*)::int` }).from(rewards).where(eq(rewards.batchId, id)).groupBy(rewards.state);
    return new Map(rows.map((row) => [row.state, row.count]));
  }

  /** Rows waiting because another payment is open on the platform: they go at no ledger's pace. */
  async blockedCount(id: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(rewards)
      .where(and(eq(rewards.batchId, id), isBlocked));
    return row?.count ?? 0;
  }

  /** Uploaded rows after `afterLine`, each with its reward, only those of `facet` when given: the per-row results. */
  results(id: string, { afterLine, limit, facet = null }: { afterLine: number; limit: number; facet?: BatchRowFacet | null }): Promise<BatchResultRow[]> {
    return this.db
      .select({
        row: rewardBatchRows,
        reward: {
          id: rewards.id,
          state: rewards.state,
          paymentId: rewards.paymentId,
          txid: rewards.txid,
          blockedBy: rewards.blockedBy,
          errorCode: rewards.errorCode,
          errorMessage: rewards.errorMessage,
        },
        txLink: payments.txLink,
        userNames: userNameColumns,
      })
      .from(rewardBatchRows)
      .leftJoin(rewards, and(eq(rewards.batchId, rewardBatchRows.batchId), eq(rewards.batchLine, rewardBatchRows.line)))
      .leftJoin(payments, eq(payments.id, rewards.paymentId))
      .leftJoin(appUserNames, eq(appUserNames.uid, rewardBatchRows.uid))
      .where(and(eq(rewardBatchRows.batchId, id), gt(rewardBatchRows.line, afterLine), facet === null ? undefined : facetCondition(facet)))
      .orderBy(asc(rewardBatchRows.line))
      .limit(limit);
  }

  /**
   * The uploaded rows whose reward failed (not those that need a person) for a reason a retry can
   * mend: a refusal that proved the user cannot be paid this way is not offered again.
   */
  async failedRows(id: string): Promise<Array<typeof rewardBatchRows.$inferSelect>> {
    const rows = await this.db
      .select({ row: rewardBatchRows })
      .from(rewardBatchRows)
      .innerJoin(rewards, and(eq(rewards.batchId, rewardBatchRows.batchId), eq(rewards.batchLine, rewardBatchRows.line)))
      .where(and(eq(rewardBatchRows.batchId, id), eq(rewards.state, 'failed'), retryMends))
      .orderBy(asc(rewardBatchRows.line));
    return rows.map(({ row }) => row);
  }

  /** How many failed rows `failedRows` offers again, and how many it leaves out. */
  async failedCounts(id: string): Promise<{ retryable: number; leftOut: number }> {
    const [row] = await this.db
      .select({ retryable: sql<number>`count(*) FILTER (WHERE ${retryMends})::int`, leftOut: sql<number>`count(*) FILTER (WHERE NOT ${retryMends})::int` })
      .from(rewards)
      .where(and(eq(rewards.batchId, id), eq(rewards.state, 'failed')));
    return { retryable: row?.retryable ?? 0, leftOut: row?.leftOut ?? 0 };
  }

  /**
   * Moves the batch from one of `from` to `to` in one transaction with `then` (which sees the row
   * locked); null when the batch is in none of `from`.
   */
  async transition(
    id: string,
    { from, to, audit, then }: { from: readonly BatchState[]; to: BatchState; audit: BatchAudit; then?: (tx: Transaction, batch: BatchRow) => Promise<Partial<BatchRow> | void> },
  ): Promise<BatchRow | null> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [batch] = await tx.select().from(rewardBatches).where(and(eq(rewardBatches.id, id), inArray(rewardBatches.state, from))).for('update');
      if (!batch) return null;
      const extra = (await then?.(tx, batch)) ?? {};
      const [updated] = await tx.update(rewardBatches).set({ state: to, updatedAt: now, ...extra }).where(eq(rewardBatches.id, id)).returning();
      await this.audit.append(auditOf(id, { ...audit, details: { ...audit.details, from: batch.state, to: updated?.state ?? to } }), tx);
      if (updated) await recordEvents(tx, batchEventsOf(batch.state, updated, now));
      return updated ?? null;
    });
  }

  /** Turns every valid row into a reward, as the payout gate let the batch in: once, whatever happens, thanks to the unique (batch, line). */
  async insertRewards(tx: Transaction, batch: BatchRow, admitted: Admitted): Promise<void> {
    await insertBatchRewards(tx, { batch, move: admitted.awaitsApproval ? 'batch_row_for_approval' : 'batch_row', at: this.clock.now() });
  }

  /** The batch's rewards make `move` (from the states the table says): its approval (by `approvedBy`), its rejection, or its withdrawal with the reason `code`. */
  async moveRewards(tx: Transaction, batchId: string, move: Omit<BulkMove, 'at'>): Promise<void> {
    const moved = await moveRewardsWhere(tx, sql`batch_id = ${batchId}`, { ...move, at: this.clock.now() });
    this.observeEnded(move, moved.length);
  }

  /** Cancels the rows not started: no create sent, and no driver holding them. Rows in flight finish. */
  async cancelNotStarted(tx: Transaction, batchId: string): Promise<void> {
    const notStarted = sql`batch_id = ${batchId} AND create_attempts = 0 AND (lease_until IS NULL OR lease_until < now())`;
    const move = { move: 'batch_cancel_not_started', code: 'cancelled_by_staff' } as const;
    this.observeEnded(move, (await moveRewardsWhere(tx, notStarted, { ...move, at: this.clock.now() })).length);
  }

  /** Counted as the rewards move, in their batch's transaction: a bulk move is a person's, and rarely rolled back. */
  private observeEnded({ move, code }: Pick<BulkMove, 'move' | 'code'>, count: number): void {
    const { to } = transitionOf(move);
    if (count > 0 && isEnding(to)) this.observer?.ended(to, code, count);
  }

  /**
   * The staff member's batches that wait, previewed or awaiting approval, locked until the transaction
   * ends: taken before the requester's lock, in the order a batch's start and approval take them.
   */
  waitingOf(tx: Transaction, staffId: string): Promise<BatchRow[]> {
    return tx
      .select()
      .from(rewardBatches)
      .where(and(eq(rewardBatches.requestedBy, staffId), inArray(rewardBatches.state, ['previewed', 'awaiting_approval'])))
      .for('update');
  }

  /** Withdraws a batch that `waitingOf` locked, its rewards awaiting approval with it, for the reason `code`; audited. */
  async withdraw(tx: Transaction, batch: BatchRow, { code, audit }: { code: string; audit: BatchAudit }): Promise<void> {
    await tx.update(rewardBatches).set({ state: 'cancelled', updatedAt: this.clock.now() }).where(eq(rewardBatches.id, batch.id));
    await this.moveRewards(tx, batch.id, { move: 'batch_withdraw_for_requester', code });
    await this.audit.append(auditOf(batch.id, { ...audit, details: { from: batch.state, to: 'cancelled', reason: code } }), tx);
  }

  /** The batches whose rows are being started now. */
  /** The runner pauses a running batch whose next row the wallet cannot pay, saying how much it lacks. */
  pauseForFunds(batchId: string, shortfall: string): Promise<BatchRow | null> {
    return this.transition(batchId, { from: ['running'], to: 'paused', audit: { ...SYSTEM_AUDIT, action: 'reward_batch.pause' }, then: async () => ({ needsFunds: shortfall }) });
  }

  /** And resumes it once the wallet can pay all accepted work (staff resume it through the service, which clears the shortfall too). */
  resumeFunded(batchId: string): Promise<BatchRow | null> {
    return this.transition(batchId, { from: ['paused'], to: 'running', audit: { ...SYSTEM_AUDIT, action: 'reward_batch.resume' }, then: async () => ({ needsFunds: null }) });
  }

  /** What a batch paused for funds lacks, as the runner read it again. */
  async updateShortfall(batchId: string, shortfall: string): Promise<void> {
    await this.db
      .update(rewardBatches)
      .set({ needsFunds: shortfall })
      .where(and(eq(rewardBatches.id, batchId), eq(rewardBatches.state, 'paused'), isNotNull(rewardBatches.needsFunds)));
  }

  /** Batches the runner paused for funds. */
  async pausedForFunds(): Promise<string[]> {
    const rows = await this.db
      .select({ id: rewardBatches.id })
      .from(rewardBatches)
      .where(and(eq(rewardBatches.state, 'paused'), isNotNull(rewardBatches.needsFunds)));
    return rows.map((row) => row.id);
  }

  async running(): Promise<string[]> {
    const rows = await this.db.select({ id: rewardBatches.id }).from(rewardBatches).where(eq(rewardBatches.state, 'running'));
    return rows.map((row) => row.id);
  }

  /**
   * Leases up to `limit` rows of a running batch that are due to start, in file order, skipping rows
   * other instances hold (SKIP LOCKED) and users with a reward of this batch already on its way.
   */
  async claim(batchId: string, owner: string, limit: number): Promise<string[]> {
    const claimed = await this.db.execute<{ id: string }>(sql`
      UPDATE rewards SET lease_owner = ${owner}, lease_until = ${leaseUntil}
      WHERE id IN (
        SELECT r.id FROM rewards r
        WHERE r.batch_id = ${batchId} AND r.state = 'requested' AND r.next_attempt_at <= now()
          AND (r.lease_until IS NULL OR r.lease_until < now())
          -- A subquery per candidate row, not an anti join: it probes this user's rows of the batch
          -- (rewards_batch_uid) for the few rows the LIMIT takes, however large the batch.
          AND (
            SELECT 1 FROM rewards o
            WHERE o.batch_id = r.batch_id AND o.uid = r.uid AND o.id <> r.id
              AND (o.state IN ('created', 'signed', 'submitted') OR o.lease_until > now())
            LIMIT 1) IS NULL
        ORDER BY r.batch_line
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      AND EXISTS (SELECT 1 FROM reward_batches b WHERE b.id = ${batchId} AND b.state = 'running')
      RETURNING id`);
    return rowsOf<{ id: string }>(claimed).map((row) => row.id);
  }

  /** The user of a payment the console has seen (the one blocking a row). */
  async userOfPayment(paymentId: string): Promise<string | null> {
    const [row] = await this.db.select({ uid: payments.userUid }).from(payments).where(eq(payments.id, paymentId));
    return row?.uid ?? null;
  }

  /** Running batches with no reward left to pay end as finished. */
  async finishDone(): Promise<void> {
    const now = this.clock.now();
    const unpaid = sql`EXISTS (SELECT 1 FROM rewards r WHERE r.batch_id = ${rewardBatches.id} AND r.state IN ('awaiting_approval', 'requested', 'created', 'signed', 'submitted'))`;
    await this.db.transaction(async (tx) => {
      const finished = await tx
        .update(rewardBatches)
        .set({ state: 'finished', finishedAt: now, updatedAt: now })
        .where(and(eq(rewardBatches.state, 'running'), sql`NOT ${unpaid}`))
        .returning();
      await recordEvents(tx, finished.flatMap((batch) => batchEventsOf('running', batch, now)));
    });
  }
}

/** A failed reward whose code is not one of the refusals no retry mends. */
const retryMends = or(isNull(rewards.errorCode), notInArray(rewards.errorCode, [...REFUSALS_NO_RETRY_MENDS]));

/** A batch's own audit row: what it did, done. */
function auditOf(batchId: string, audit: BatchAudit): AuditEntry {
  return { ...audit, target: `reward_batch:${batchId}`, outcome: 'ok' };
}
