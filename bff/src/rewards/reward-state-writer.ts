import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { AuditAction } from '../audit/audit-action.ts';
import type { AuditEntry } from '../audit/audit-entry.ts';
import { recordEvents, type NewEvent } from '../events/event-log.ts';
import type { Transaction } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import { payments, rewardEvents, rewards } from '../store/schema.ts';
import { publicApprovalOf } from './public-approval.ts';
import { publicRefundOf, publicRewardOfRow } from './public-reward.ts';
import { explain } from './reward-explanations.ts';
import { leaseUntil } from './reward-lease.ts';
import type { RewardPatch, RewardRow } from './reward-row.ts';
import { checkMove, IllegalRewardMove, transitionOf, type RewardEventType, type RewardMove, type RewardTransition } from './reward-transitions.ts';

/**
 * The one writer of a reward's state column: every write here takes a move of the transitions table
 * (reward-transitions.ts) by its name, refuses it from a state the table does not allow, and writes the
 * reward's timeline event with it. A test (reward-state-writes.test.ts) proves no other code writes it.
 */

/** Who and how, for a step's audit row. */
export type StepAudit = Pick<AuditEntry, 'actor' | 'clientIp' | 'requestId' | 'outcome' | 'upstream'>;

/** A recovery point that moves the reward: its state, event and audit action are the move's. */
export interface RewardMoveStep {
  move: RewardMove;
  patch?: RewardPatch;
  detail?: Record<string, unknown>;
  audit: StepAudit;
}

/** A recovery point that leaves the reward in its state: what it noted, its timeline step, and its audit row if any. */
export interface RewardStayStep {
  patch: RewardPatch;
  step: string;
  detail?: Record<string, unknown>;
  audit?: StepAudit & { action: AuditAction };
}

/** One recovery point: the row's change, its timeline event and its audit row, committed together. */
export type RewardStep = RewardMoveStep | RewardStayStep;

/** The step's timeline name and audit action. */
export function stepNames(step: RewardStep): { event: string; action: AuditAction | null } {
  if ('move' in step) {
    const transition = transitionOf(step.move);
    return { event: transition.event, action: transition.audit };
  }
  return { event: step.step, action: step.audit?.action ?? null };
}

/**
 * Writes one step of the leased reward `row` with its timeline event, then what goes `alongside` it
 * (the payment as the platform answered), then the events its move records; the lease is renewed.
 * Throws (ending the transaction) when `owner` lost the lease, or the move is not allowed from the reward's state.
 */
export async function writeRewardStep(tx: Transaction, input: { row: RewardRow; owner: string; step: RewardStep; at: Date; alongside?: ((tx: Transaction) => Promise<void>) | undefined }): Promise<RewardRow> {
  const updated = await updateRewardStep(tx, input);
  await input.alongside?.(tx);
  if ('move' in input.step) await recordMoveEvents(tx, updated, transitionOf(input.step.move), input.at);
  return updated;
}

async function updateRewardStep(tx: Transaction, input: { row: RewardRow; owner: string; step: RewardStep; at: Date }): Promise<RewardRow> {
  const { row, owner, step } = input;
  const transition = 'move' in step ? checkMove(step.move, row.state) : null;
  const { event: eventStep } = stepNames(step);
  const state = transition ? transition.to : sql`(SELECT ${rewards.state} FROM ${rewards} WHERE ${rewards.id} = ${row.id})`;
  const at = sql`${input.at.toISOString()}::timestamptz`;
  const detail = sql`${JSON.stringify(step.detail ?? {})}::jsonb`;
  // The event goes in with the update, one statement; the transaction ends if the update found no row.
  // The same step again, with the same state and detail, counts on the reward's latest event instead of adding one.
  const repeat = tx.$with('repeat', {}).as(sql`
    UPDATE reward_events SET repeats = repeats + 1, last_at = ${at}
    WHERE id = (SELECT max(id) FROM reward_events WHERE reward_id = ${row.id}) AND step = ${eventStep} AND state = ${state} AND detail = ${detail}
    RETURNING id`);
  const event = tx.$with('event', {}).as(sql`
    INSERT INTO reward_events (reward_id, at, state, step, detail)
    SELECT ${row.id}, ${at}, ${state}, ${eventStep}, ${detail} WHERE NOT EXISTS (SELECT 1 FROM repeat)`);
  const [updated] = await tx
    .with(repeat, event)
    .update(rewards)
    .set({ ...step.patch, ...(transition ? { state: transition.to } : {}), updatedAt: input.at, leaseUntil: leaseUntil })
    .where(and(eq(rewards.id, row.id), eq(rewards.leaseOwner, owner), transition ? inArray(rewards.state, transition.from) : undefined))
    .returning();
  if (updated) return updated;
  if (transition && 'move' in step) {
    const [current] = await tx.select({ state: rewards.state }).from(rewards).where(eq(rewards.id, row.id));
    if (current && !transition.from.includes(current.state)) throw new IllegalRewardMove(step.move, current.state);
  }
  throw new Error(`reward ${row.id}: lease lost before ${eventStep}`);
}

/** A new reward's row and first event, by one of the table's moves from nothing; null when its unique key was taken. */
export async function insertReward(
  tx: Transaction,
  input: {
    move: RewardMove;
    values: Omit<PgInsertValue<typeof rewards>, 'state' | 'createdAt' | 'updatedAt'>;
    detail: Record<string, unknown>;
    /** The idempotency key's index answers a replay; without it, any unique index (the payment's). */
    conflict: 'idempotency_key' | 'any';
    at: Date;
  },
): Promise<RewardRow | null> {
  const transition = checkMove(input.move, null);
  const insert = tx.insert(rewards).values({ ...input.values, state: transition.to, createdAt: input.at, updatedAt: input.at });
  const [row] = await (input.conflict === 'idempotency_key' ? insert.onConflictDoNothing({ target: [rewards.requestedBy, rewards.idempotencyKey] }) : insert.onConflictDoNothing()).returning();
  if (!row) return null;
  await tx.insert(rewardEvents).values({ rewardId: row.id, at: input.at, state: row.state, step: transition.event, detail: input.detail });
  await recordMoveEvents(tx, row, transition, input.at);
  return row;
}

/**
 * The events `transition` records for the reward `row` as it now stands, in one statement. A reward
 * with a transaction takes its link from its payment as this transaction holds it.
 */
async function recordMoveEvents(tx: Transaction, row: RewardRow, transition: RewardTransition, at: Date): Promise<void> {
  const list = eventsOf(row, transition.emits, at, null);
  if (list.length === 0) return;
  const link = row.txid && row.paymentId ? sql`jsonb_build_object('transactionLink', (SELECT ${payments.txLink} FROM ${payments} WHERE ${payments.id} = ${row.paymentId}))` : undefined;
  await recordEvents(tx, list, link);
}

/** Each event of `types` about `row` (its transaction's link `txLink`), with its data as the public API shows it. */
function eventsOf(row: RewardRow, types: readonly RewardEventType[], at: Date, txLink: string | null): NewEvent[] {
  const reward = publicRewardOfRow(row, txLink);
  return types.flatMap((type): NewEvent[] => {
    if (type === 'refund.completed') return row.refundOf === null ? [] : [{ type, subjectId: row.id, data: { ...publicRefundOf({ ...reward, refundOf: row.refundOf }) }, at }];
    if (type === 'approval.requested' || type === 'approval.decided') {
      return [{ type, subjectId: row.id, data: { ...publicApprovalOf('reward', row, { amount: row.amount, waiting: row.state === 'awaiting_approval' }) }, at }];
    }
    return [{ type, subjectId: row.id, data: { ...reward }, at }];
  });
}

/** The events `move` records for rewards moved or inserted in bulk (none of them has a transaction yet), in one statement. */
async function recordBulkEvents(tx: Transaction, rows: readonly RewardRow[], move: RewardMove, at: Date): Promise<void> {
  const { emits } = transitionOf(move);
  if (emits.length > 0) await recordEvents(tx, rows.flatMap((row) => eventsOf(row, emits, at, null)));
}

/** Every valid row of a batch becomes its reward, once (the unique batch and line), by `move`, each with its first event. */
export async function insertBatchRewards(tx: Transaction, input: { batch: { id: string; requestedBy: string }; move: 'batch_row' | 'batch_row_for_approval'; at: Date }): Promise<void> {
  const transition = checkMove(input.move, null);
  const at = input.at.toISOString();
  await tx.execute(sql`
    INSERT INTO rewards (id, requested_by, idempotency_key, request_hash, uid, amount, memo, metadata, state, batch_id, batch_line, created_at, updated_at)
    SELECT gen_random_uuid(), ${input.batch.requestedBy}, 'batch:' || r.batch_id || ':' || r.line, '', r.uid, r.amount::numeric, r.memo, coalesce(r.metadata, '{}'::jsonb), ${transition.to},
           r.batch_id, r.line, ${at}::timestamptz, ${at}::timestamptz
    FROM reward_batch_rows r
    WHERE r.batch_id = ${input.batch.id} AND r.problems = '[]'::jsonb
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO reward_events (reward_id, at, state, step, detail)
    SELECT id, ${at}::timestamptz, state, ${transition.event}, jsonb_build_object('batchId', batch_id, 'line', batch_line)
    FROM rewards WHERE batch_id = ${input.batch.id}`);
  if (transition.emits.length > 0) await recordBulkEvents(tx, await tx.select().from(rewards).where(eq(rewards.batchId, input.batch.id)).orderBy(rewards.batchLine), input.move, input.at);
}

/** Many rewards moved at once, outside any lease: which move, the reason kept on each, and who decided. */
export interface BulkMove {
  move: RewardMove;
  /** The reason kept on each reward (its plain words from `explain`); null clears it. */
  code: string | null;
  /** Who approved them, when this move is an approval. */
  approvedBy?: string;
  /** Who rejected them and why, when this move is a rejection. */
  rejection?: { by: string; reason: string };
  at: Date;
}

/**
 * Moves the rewards `where` picks that are in a state the move leaves, each with its timeline event,
 * in one statement; answers their ids.
 */
export async function moveRewardsWhere(tx: Transaction, where: SQL, bulk: BulkMove): Promise<string[]> {
  const transition = transitionOf(bulk.move);
  if (transition.from.length === 0) throw new Error(`the move ${bulk.move} makes a new reward: it is inserted, not moved`);
  const at = bulk.at.toISOString();
  const rejected = bulk.rejection ? sql`, rejected_by = ${bulk.rejection.by}::uuid, rejection_reason = ${bulk.rejection.reason}, rejected_at = ${at}::timestamptz` : sql``;
  const from = sql.join(
    transition.from.map((state) => sql`${state}`),
    sql`, `,
  );
  const moved = await tx.execute<{ id: string }>(sql`
    WITH moved AS (
      UPDATE rewards SET state = ${transition.to}, error_code = ${bulk.code}, error_message = ${bulk.code ? explain(bulk.code) : null},
                         approved_by = coalesce(${bulk.approvedBy ?? null}::uuid, approved_by), updated_at = ${at}::timestamptz${rejected}
      WHERE (${where}) AND state IN (${from}) RETURNING id, state),
    events AS (INSERT INTO reward_events (reward_id, at, state, step, detail) SELECT id, ${at}::timestamptz, state, ${transition.event}, '{}'::jsonb FROM moved)
    SELECT id FROM moved`);
  const ids = rowsOf<{ id: string }>(moved).map((row) => row.id);
  if (transition.emits.length > 0 && ids.length > 0) await recordBulkEvents(tx, await tx.select().from(rewards).where(sql`${rewards.id} IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`), bulk.move, bulk.at);
  return ids;
}
