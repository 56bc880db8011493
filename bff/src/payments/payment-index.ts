import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Payment, PaymentStatus } from '../platform/schemas.ts';
import type { Database, Store } from '../store/database.ts';
import type { Transaction } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import type { PreparedStatement } from '../store/prepared-statement.ts';
import { paymentEvents, payments, paymentSyncs } from '../store/schema.ts';
import { derivePaymentState } from './payment-state.ts';
import { TOUCH_UNCHANGED, touchParameter, type Sighting } from './touch-unchanged.ts';

/** Where the console saw a payment; kept on each observed change. */
export type IndexSource = 'lookup' | 'incomplete_list' | 'console' | 'import' | 'ingest' | 'refresh' | 'action' | 'sandbox_demo' | 'reconciliation';

const FLAGS = ['developer_approved', 'transaction_verified', 'developer_completed', 'cancelled', 'user_cancelled'] as const satisfies ReadonlyArray<keyof PaymentStatus>;

/** What the index holds of a payment that tells whether a fresh snapshot is a change. */
export type IndexedSnapshot = Pick<typeof payments.$inferSelect, 'developerApproved' | 'transactionVerified' | 'developerCompleted' | 'cancelled' | 'userCancelled' | 'txid' | 'txVerified'>;

/** The timeline event that recording `after` creates: first seen, a change (and what changed), or none. */
export type ObservedChange = { kind: 'first_seen' } | { kind: 'changed'; changes: string[] };

function flagsOf(row: IndexedSnapshot): PaymentStatus {
  return {
    developer_approved: row.developerApproved,
    transaction_verified: row.transactionVerified,
    developer_completed: row.developerCompleted,
    cancelled: row.cancelled,
    user_cancelled: row.userCancelled,
  };
}

/** The flags (and `transaction`) that differ between what the index holds and a fresh snapshot. */
function changesBetween(before: IndexedSnapshot, after: Payment): string[] {
  const changed: string[] = FLAGS.filter((flag) => flagsOf(before)[flag] !== after.status[flag]);
  if (before.txid !== (after.transaction?.txid ?? null) || (before.txVerified ?? null) !== (after.transaction?.verified ?? null)) {
    changed.push('transaction');
  }
  return changed;
}

export function observedChange(before: IndexedSnapshot | null, after: Payment): ObservedChange | null {
  if (!before) return { kind: 'first_seen' };
  const changes = changesBetween(before, after);
  return changes.length > 0 ? { kind: 'changed', changes } : null;
}

function rowOf(payment: Payment, now: Date) {
  return {
    id: payment.identifier,
    direction: payment.direction,
    userUid: payment.user_uid,
    amount: payment.amount,
    memo: payment.memo,
    metadata: payment.metadata,
    fromAddress: payment.from_address,
    toAddress: payment.to_address,
    network: payment.network,
    createdAt: new Date(payment.created_at),
    developerApproved: payment.status.developer_approved,
    transactionVerified: payment.status.transaction_verified,
    developerCompleted: payment.status.developer_completed,
    cancelled: payment.status.cancelled,
    userCancelled: payment.status.user_cancelled,
    state: derivePaymentState(payment),
    txid: payment.transaction?.txid ?? null,
    txVerified: payment.transaction?.verified ?? null,
    txLink: payment.transaction?._link ?? null,
    searchText: [payment.identifier, payment.transaction?.txid ?? '', payment.memo, JSON.stringify(payment.metadata)].join(' ').toLowerCase(),
    firstSeenAt: now,
    lastChangedAt: now,
  };
}

/**
 * The console's index of payments: every snapshot it sees is recorded with its sync time, and each
 * observed change of flags or transaction becomes an event on the payment's timeline.
 */
export class PaymentIndex {
  private readonly db: Database;
  private readonly touch: PreparedStatement;

  constructor(
    store: Pick<Store, 'db' | 'prepare'>,
    private readonly clock: Clock,
  ) {
    this.db = store.db;
    this.touch = store.prepare(TOUCH_UNCHANGED);
  }

  /** `now` is when the snapshots were taken; a caller that already showed the resulting events passes their time. */
  async record(snapshots: Payment[], source: IndexSource, now = this.clock.now()): Promise<void> {
    const all = new Map(snapshots.map((payment) => [payment.identifier, payment]));
    if (all.size === 0) return;
    // Most snapshots change nothing: one statement moves their sync time, without a transaction.
    const touched = await this.touchUnchanged([...all.values()].map((payment) => ({ payment, at: now })));
    const rest = [...all.values()].filter((payment) => !touched.has(payment.identifier));
    if (rest.length > 0) await this.db.transaction((tx) => this.recordIn(tx, rest, source, now));
  }

  /** Records the snapshots inside the caller's transaction, so that they commit with what the caller writes. */
  async recordIn(tx: Transaction, snapshots: Payment[], source: IndexSource, now = this.clock.now()): Promise<void> {
    const latest = new Map(snapshots.map((payment) => [payment.identifier, payment]));
    if (latest.size === 0) return;
    const existing = await tx
      .select({
        id: payments.id,
        developerApproved: payments.developerApproved,
        transactionVerified: payments.transactionVerified,
        developerCompleted: payments.developerCompleted,
        cancelled: payments.cancelled,
        userCancelled: payments.userCancelled,
        txid: payments.txid,
        txVerified: payments.txVerified,
        lastSyncedAt: paymentSyncs.lastSyncedAt,
      })
      .from(payments)
      .innerJoin(paymentSyncs, eq(paymentSyncs.paymentId, payments.id))
      .where(inArray(payments.id, [...latest.keys()]))
      .orderBy(payments.id)
      // Locks the sync rows too, so that after waiting for another writer this reads the sync time it committed.
      .for('update');
    const known = new Map(existing.map((row) => [row.id, row]));
    const fresh = [...latest.values()].filter((payment) => !known.has(payment.identifier));
    const inserted = await this.insertNew(tx, fresh, now, source);

    // Every payment recorded here, changed or not, is synced at `now` (and those a concurrent insert indexed first).
    const synced: string[] = fresh.filter((payment) => !inserted.has(payment.identifier)).map((payment) => payment.identifier);
    for (const before of existing) {
      const payment = latest.get(before.id);
      // A snapshot taken before the one the index holds (a look-up's write runs after its answer,
      // and a refresh may have come in between) would undo a newer state.
      if (!payment || before.lastSyncedAt > now) continue;
      synced.push(before.id);
      const changes = changesBetween(before, payment);
      if (changes.length === 0) continue;
      const { firstSeenAt: _firstSeen, ...update } = rowOf(payment, now);
      await tx.update(payments).set(update).where(eq(payments.id, before.id));
      await tx.insert(paymentEvents).values({ paymentId: before.id, at: now, kind: 'changed', state: update.state, changes, source });
    }
    if (synced.length > 0) await tx.update(paymentSyncs).set({ lastSyncedAt: now }).where(and(inArray(paymentSyncs.paymentId, synced), lte(paymentSyncs.lastSyncedAt, now)));
  }

  /**
   * Moves the sync time of the payments indexed with the same flags and transaction as their snapshot
   * (and no newer sync), in one statement; answers their ids. The others are new, changed or older than
   * what the index holds: `record` takes them. At most one sighting per payment.
   */
  async touchUnchanged(sightings: readonly Sighting[]): Promise<Set<string>> {
    if (sightings.length === 0) return new Set();
    const rows = await this.touch.run([touchParameter(sightings)]);
    return new Set(rows.map((row) => String(row.id)));
  }

  /** The link of the indexed payment's transaction; null when it has none or is not indexed. */
  async transactionLink(id: string): Promise<string | null> {
    const [row] = await this.db.select({ link: payments.txLink }).from(payments).where(eq(payments.id, id));
    return row?.link ?? null;
  }

  /**
   * Refreshes the planner's statistics. Embedded PGlite runs no autovacuum, so after a large import the
   * planner would go on estimating an empty table and choose slow plans.
   */
  async analyze(): Promise<void> {
    await this.db.execute(sql`ANALYZE payments, payment_syncs`);
  }

  /**
   * Inserts the payments not indexed yet, with their sync time and first_seen event, in one statement;
   * answers the ids this transaction inserted (a concurrent one may have won).
   */
  private async insertNew(tx: Transaction, fresh: Payment[], now: Date, source: IndexSource): Promise<Set<string>> {
    if (fresh.length === 0) return new Set();
    const rows = fresh.map((payment) => rowOf(payment, now));
    const insert = tx.insert(payments).values(rows).onConflictDoNothing({ target: payments.id }).returning({ id: payments.id, state: payments.state }).getSQL();
    const at = sql`${now.toISOString()}::timestamptz`;
    const columns = (...list: Array<{ name: string }>) => sql.join(list.map((column) => sql.identifier(column.name)), sql`, `);
    const inserted = await tx.execute(sql`
      WITH inserted AS (${insert}),
      synced AS (INSERT INTO ${paymentSyncs} (${columns(paymentSyncs.paymentId, paymentSyncs.lastSyncedAt)}) SELECT id, ${at} FROM inserted)
      INSERT INTO ${paymentEvents} (${columns(paymentEvents.paymentId, paymentEvents.at, paymentEvents.kind, paymentEvents.state, paymentEvents.changes, paymentEvents.source)})
      SELECT id, ${at}, 'first_seen', state, '[]'::jsonb, ${source} FROM inserted
      RETURNING ${sql.identifier(paymentEvents.paymentId.name)} AS id`);
    return new Set(rowsOf<{ id: string }>(inserted).map((row) => row.id));
  }
}
