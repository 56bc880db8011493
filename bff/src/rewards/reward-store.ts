import { and, asc, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditLog } from '../audit/audit-log.ts';
import type { AuditEntry } from '../audit/audit-entry.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import type { Transaction } from '../store/executor.ts';
import { userNameColumns } from '../store/app-user-names.ts';
import { apiKeys, appUserNames, payments, rewardEvents, rewards, staff } from '../store/schema.ts';
import type { Admission } from './payout-intent.ts';
import type { RefundClaim } from './refund-claim.ts';
import type { NewReward } from './reward-input.ts';
import { HEARTBEAT_MS, leaseFree, leaseUntil } from './reward-lease.ts';
import { UNFINISHED_STATES, type RewardEventRow, type RewardRecord, type RewardRow, type RewardState } from './reward-row.ts';
import { isEnding, type RewardObserver } from './reward-observer.ts';
import { transitionOf } from './reward-transitions.ts';
import { insertReward, moveRewardsWhere, stepNames, writeRewardStep, type RewardStep, type StepAudit } from './reward-state-writer.ts';

export type { RewardRecord } from './reward-row.ts';

const rejecter = alias(staff, 'rejecter');

/** What an adopted reward takes from its payment. */
export type AdoptedPayment = NewReward & { paymentId: string; network: string; fromAddress: string; toAddress: string };

/** A step as the store commits it, with what else its transaction does. */
export type StoreStep = RewardStep & {
  /**
   * Runs first in the transaction: the payout gate letting a reward that waited for approval or failed
   * go back on its way (or end, rejected), so that its lock is always taken before the reward's row.
   */
  check?: (tx: Transaction) => Promise<void>;
  /** Written in the same transaction after the step: the payment as the platform answered. */
  alongside?: (tx: Transaction) => Promise<void>;
};

export interface RewardListQuery {
  state?: RewardState[] | undefined;
  uid?: string | undefined;
  requestedBy?: string | undefined;
  /** The refunds of this payment. */
  refundOf?: string | undefined;
  before?: { createdAt: Date; id: string } | undefined;
  limit: number;
}

/** Reward rows, their timeline and leases. Every write that moves a reward also writes its event and audit row. */
export class RewardStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly observer?: RewardObserver,
  ) {}

  /**
   * The reward row for this key, inserted (and leased to `owner`) when new. Concurrent requests with one
   * key wait on the unique index and then find the row the first one committed. A refund is checked
   * against what is left of its payment after a replay is answered and before the gate admits it.
   */
  async request(input: { id: string; staffId: string; key: string; hash: string; reward: NewReward; owner: string; admission: Admission; audit: StepAudit; refund?: RefundClaim }): Promise<{ row: RewardRow; inserted: boolean }> {
    const now = this.clock.now();
    const inserted = await this.db.transaction(async (tx) => {
      await input.admission.lock(tx);
      const [replayed] = await tx.select({ id: rewards.id }).from(rewards).where(and(eq(rewards.requestedBy, input.staffId), eq(rewards.idempotencyKey, input.key)));
      if (replayed) return null;
      await input.refund?.fits(tx);
      const awaitsApproval = (await input.admission.admit(tx)).awaitsApproval;
      const refundOf = input.refund ? { refundOf: input.refund.paymentId } : {};
      const values = { id: input.id, requestedBy: input.staffId, idempotencyKey: input.key, requestHash: input.hash, ...input.reward, ...refundOf, ...(awaitsApproval ? {} : { leaseOwner: input.owner, leaseUntil: leaseUntil }) };
      const move = awaitsApproval ? 'request_for_approval' : 'request';
      const row = await insertReward(tx, { move, values, detail: refundOf, conflict: 'idempotency_key', at: now });
      if (!row) return null;
      await this.audit.append(auditOf(row, { ...input.audit, action: transitionOf(move).audit }, { uid: row.uid, amount: row.amount, ...refundOf }), tx);
      return row;
    });
    if (inserted) return { row: inserted, inserted: true };
    const [existing] = await this.db.select().from(rewards).where(and(eq(rewards.requestedBy, input.staffId), eq(rewards.idempotencyKey, input.key)));
    if (!existing) throw new Error('reward insert conflicted but no row has the key');
    return { row: existing, inserted: false };
  }

  /**
   * The reward of a payment the console did not make: the one it already has (payment_id is unique), or
   * one adopted for it as the gate lets it in, `created` (leased to `owner`) or awaiting approval.
   */
  async adopt(input: { id: string; staffId: string; hash: string; payment: AdoptedPayment; owner: string; admission: Admission; audit: StepAudit }): Promise<RewardRow> {
    const { payment } = input;
    const now = this.clock.now();
    const adopted = await this.db.transaction(async (tx) => {
      await input.admission.lock(tx);
      const [existing] = await tx.select().from(rewards).where(eq(rewards.paymentId, payment.paymentId));
      if (existing) return existing;
      const awaitsApproval = (await input.admission.admit(tx)).awaitsApproval;
      const values = { id: input.id, requestedBy: input.staffId, idempotencyKey: `payment:${payment.paymentId}`, requestHash: input.hash, ...payment, ...(awaitsApproval ? {} : { leaseOwner: input.owner, leaseUntil: leaseUntil }) };
      const detail = { paymentId: payment.paymentId };
      const move = awaitsApproval ? 'adopt_for_approval' : 'adopt';
      const row = await insertReward(tx, { move, values, detail, conflict: 'any', at: now });
      if (!row) return null;
      await this.audit.append(auditOf(row, { ...input.audit, action: transitionOf(move).audit }, { uid: row.uid, amount: row.amount }), tx);
      return row;
    });
    return adopted ?? required(await this.ofPayment(payment.paymentId), `reward adoption of ${payment.paymentId} conflicted but no reward has it`);
  }

  async ofPayment(paymentId: string): Promise<RewardRow | null> {
    const [row] = await this.db.select().from(rewards).where(eq(rewards.paymentId, paymentId));
    return row ?? null;
  }

  /** The reward's state as `tx` sees it, after the locks it took. */
  async stateIn(tx: Transaction, id: string): Promise<RewardState | null> {
    const [row] = await tx.select({ state: rewards.state }).from(rewards).where(eq(rewards.id, id));
    return row?.state ?? null;
  }

  async get(id: string): Promise<RewardRow | null> {
    const [row] = await this.db.select().from(rewards).where(eq(rewards.id, id));
    return row ?? null;
  }

  events(id: string): Promise<RewardEventRow[]> {
    return this.db.select().from(rewardEvents).where(eq(rewardEvents.rewardId, id)).orderBy(asc(rewardEvents.id));
  }

  /** Whether another driver holds the reward right now (its request is in flight). */
  async leasedByOther(id: string, owner: string): Promise<boolean> {
    const [row] = await this.db.select({ id: rewards.id }).from(rewards).where(and(eq(rewards.id, id), sql`not (${leaseFree(owner)})`));
    return row !== undefined;
  }

  /** Takes (or renews) the lease of a reward in one of `states`; null when another driver holds it or it is in none. */
  async lease(id: string, owner: string, states: readonly RewardState[] = UNFINISHED_STATES): Promise<RewardRow | null> {
    const [row] = await this.db
      .update(rewards)
      .set({ leaseOwner: owner, leaseUntil: leaseUntil })
      .where(and(eq(rewards.id, id), inArray(rewards.state, states), leaseFree(owner)))
      .returning();
    return row ?? null;
  }

  /** Runs `work` while renewing the lease, so a slow upstream call never lets another driver in. */
  async held<T>(id: string, owner: string, work: () => Promise<T>): Promise<T> {
    const heartbeat = setInterval(() => {
      this.db
        .update(rewards)
        .set({ leaseUntil: leaseUntil })
        .where(and(eq(rewards.id, id), eq(rewards.leaseOwner, owner)))
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    try {
      return await work();
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Gives the lease up; the reward is due again after `retryInMs` (default: now), one attempt more when it backs off after a failure. Answers the row, or null when the lease was not `owner`'s. */
  async release(id: string, owner: string, { retryInMs = 0, backedOff = false }: { retryInMs?: number; backedOff?: boolean } = {}): Promise<RewardRow | null> {
    const [row] = await this.db
      .update(rewards)
      .set({
        leaseOwner: null,
        leaseUntil: null,
        nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
        ...(backedOff ? { attempts: sql`${rewards.attempts} + 1` } : {}),
      })
      .where(and(eq(rewards.id, id), eq(rewards.leaseOwner, owner)))
      .returning();
    return row ?? null;
  }

  /** At a stop, for drives still under way at its deadline: every lease whose owner starts with `ownerPrefix` is given up, its reward due at once (for another instance, or the next start). */
  async releaseAllHeldBy(ownerPrefix: string): Promise<number> {
    const released = await this.db
      .update(rewards)
      .set({ leaseOwner: null, leaseUntil: null, nextAttemptAt: sql`now()` })
      .where(sql`starts_with(${rewards.leaseOwner}, ${ownerPrefix})`)
      .returning({ id: rewards.id });
    return released.length;
  }

  /**
   * At start: every unfinished reward is due now, whatever its back-off said. A store only this process
   * can open (PGlite) holds no live lease of anyone else's, so the leases of the process before are dropped.
   */
  async makeAllDue(singleProcess: boolean): Promise<void> {
    await this.db
      .update(rewards)
      .set({ nextAttemptAt: sql`now()`, ...(singleProcess ? { leaseOwner: null, leaseUntil: null } : {}) })
      .where(inArray(rewards.state, UNFINISHED_STATES));
  }

  /** Unfinished rewards whose next attempt is due, oldest first. */
  async due(limit: number, owner: string): Promise<string[]> {
    // A batch row not started yet is started by the batch runner, only while its batch runs.
    const notStartedBatchRow = sql`${rewards.batchId} IS NOT NULL AND ${rewards.state} = 'requested' AND ${rewards.createAttempts} = 0`;
    const conditions = [inArray(rewards.state, UNFINISHED_STATES), leaseFree(owner), lte(rewards.nextAttemptAt, sql`now()`), sql`NOT (${notStartedBatchRow})`];
    const rows = await this.db.select({ id: rewards.id }).from(rewards).where(and(...conditions)).orderBy(asc(rewards.nextAttemptAt)).limit(limit);
    return rows.map((row) => row.id);
  }

  /** Commits one recovery point, with what `step.check` and `step.alongside` do in its transaction. Only the lease holder moves a reward. */
  async record(row: RewardRow, owner: string, step: StoreStep): Promise<RewardRow> {
    const recorded = await this.db.transaction(async (tx) => {
      await step.check?.(tx);
      const updated = await writeRewardStep(tx, { row, owner, step, at: this.clock.now(), alongside: step.alongside });
      const { action } = stepNames(step);
      if (step.audit && action) await this.audit.append(auditOf(updated, { ...step.audit, action }, step.detail ?? {}), tx);
      return updated;
    });
    if ('move' in step) this.observeMove(recorded);
    return recorded;
  }

  private observeMove(row: RewardRow): void {
    if (!this.observer || !isEnding(row.state)) return;
    this.observer.ended(row.state, row.errorCode, 1);
    if (row.state === 'completed') this.observer.completedAfter((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000);
  }

  /** Withdraws the staff member's single rewards awaiting approval for the reason `code`, each audited. */
  async withdrawWaitingOf(tx: Transaction, { staffId, code, audit }: { staffId: string; code: string; audit: StepAudit }): Promise<void> {
    const waiting = and(eq(rewards.requestedBy, staffId), isNull(rewards.batchId)) as SQL;
    const withdrawn = await moveRewardsWhere(tx, waiting, { move: 'withdraw', code, at: this.clock.now() });
    for (const id of withdrawn) {
      await this.audit.append({ ...audit, action: transitionOf('withdraw').audit, target: `reward:${id}`, details: { state: 'cancelled', reason: code } }, tx);
    }
    if (withdrawn.length > 0) this.observer?.ended('cancelled', code, withdrawn.length);
  }

  async find(id: string): Promise<RewardRecord | null> {
    const [found] = await this.records().where(eq(rewards.id, id));
    return found ?? null;
  }

  async list(query: RewardListQuery): Promise<RewardRecord[]> {
    const conditions: SQL[] = [];
    if (query.state) conditions.push(inArray(rewards.state, query.state));
    if (query.uid) conditions.push(eq(rewards.uid, query.uid));
    if (query.requestedBy) conditions.push(eq(rewards.requestedBy, query.requestedBy));
    if (query.refundOf) conditions.push(eq(rewards.refundOf, query.refundOf));
    if (query.before) conditions.push(sql`(${rewards.createdAt}, ${rewards.id}) < (${query.before.createdAt.toISOString()}::timestamptz, ${query.before.id}::uuid)`);
    return this.records()
      .where(and(...conditions))
      .orderBy(desc(rewards.createdAt), desc(rewards.id))
      .limit(query.limit);
  }

  private records() {
    return this.db
      .select({ reward: rewards, requesterEmail: staff.email, requesterKeyName: apiKeys.name, rejecterEmail: rejecter.email, txLink: payments.txLink, userNames: userNameColumns })
      .from(rewards)
      .leftJoin(staff, eq(staff.id, rewards.requestedBy))
      .leftJoin(apiKeys, eq(apiKeys.id, rewards.requestedBy))
      .leftJoin(rejecter, eq(rejecter.id, rewards.rejectedBy))
      .leftJoin(payments, eq(payments.id, rewards.paymentId))
      .leftJoin(appUserNames, eq(appUserNames.uid, rewards.uid))
      .$dynamic();
  }
}

function auditOf(row: RewardRow, audit: StepAudit & Pick<AuditEntry, 'action'>, detail: Record<string, unknown>): AuditEntry {
  const { action, ...rest } = audit;
  return { ...rest, action, target: `reward:${row.id}`, details: { state: row.state, ...(row.paymentId ? { paymentId: row.paymentId } : {}), ...detail } };
}

function required<T>(value: T | null, problem: string): T {
  if (value === null) throw new Error(problem);
  return value;
}
