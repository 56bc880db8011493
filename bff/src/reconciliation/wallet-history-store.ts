import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { toScaled } from '../../../common/amount.ts';
import { recordEvents } from '../events/event-log.ts';
import type { Database } from '../store/database.ts';
import type { Executor, Transaction } from '../store/executor.ts';
import { payments, reconciliationCursor, reconciliationExceptions, rewards, walletTransactions } from '../store/schema.ts';
import type { KnownPayment, MatchedPage, PageKnowledge } from './chain-matching.ts';
import type { FoundException } from './found-exception.ts';
import { publicExceptionOf } from './public-exception.ts';

/**
 * How long a runner holds the reading without renewing it: longer than a page's reads (Horizon's, and
 * the platform's for memos the index does not know), short enough that a runner killed mid-run is
 * replaced soon. On the database's clock, so that instances agree.
 */
export const LEASE_SECONDS = 120;

/** The runner no longer holds the reading (its lease ended and another took it): what it read is not recorded. */
export class LeaseLost extends Error {
  override readonly name = 'LeaseLost';
}

export interface ReadingPlace {
  cursor: string | null;
  historyOpeningStroops: bigint | null;
}

const leaseEnd = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
const CURSOR_ROW = eq(reconciliationCursor.id, 1);

/** The wallet's chain history as read, the reading's cursor and lease, and the exceptions found: reads and writes only. */
export class WalletHistoryStore {
  /**
   * `soleProcess`: the store is the embedded one, whose data directory one process holds locked, so a
   * lease found in it is a killed process's, never a live runner's: it is taken at once rather than
   * refusing "Reconcile now" until it ends.
   */
  constructor(
    private readonly db: Database,
    private readonly options: { soleProcess?: boolean } = {},
  ) {}

  /** Takes the reading for `owner` unless another runner's lease is still running; null when it is. */
  async claim(owner: string): Promise<ReadingPlace | null> {
    const free = or(isNull(reconciliationCursor.leaseUntil), lt(reconciliationCursor.leaseUntil, sql`now()`), eq(reconciliationCursor.leaseOwner, owner));
    const [row] = await this.db
      .update(reconciliationCursor)
      .set({ leaseOwner: owner, leaseUntil: leaseEnd })
      .where(this.options.soleProcess ? CURSOR_ROW : and(CURSOR_ROW, free))
      .returning({ cursor: reconciliationCursor.pagingToken, historyOpeningStroops: reconciliationCursor.historyOpeningStroops });
    return row ?? null;
  }

  /** Extends the lease; throws LeaseLost when another runner has taken the reading. */
  async renew(owner: string, executor: Executor = this.db, set: Partial<typeof reconciliationCursor.$inferInsert> = {}): Promise<void> {
    const renewed = await executor
      .update(reconciliationCursor)
      .set({ ...set, leaseUntil: leaseEnd })
      .where(and(CURSOR_ROW, eq(reconciliationCursor.leaseOwner, owner), gt(reconciliationCursor.leaseUntil, sql`now()`)))
      .returning({ id: reconciliationCursor.id });
    if (renewed.length === 0) throw new LeaseLost('another runner has taken the reading of the wallet');
  }

  /** Gives the reading up without a run's end (a stop while a run is under way): the next runner reads on from the last page committed. */
  async giveUp(owner: string): Promise<void> {
    await this.db.update(reconciliationCursor).set({ leaseOwner: null, leaseUntil: null }).where(and(CURSOR_ROW, eq(reconciliationCursor.leaseOwner, owner)));
  }

  async release(owner: string, at: Date): Promise<void> {
    await this.db
      .update(reconciliationCursor)
      .set({ leaseOwner: null, leaseUntil: null, lastRunAt: at })
      .where(and(CURSOR_ROW, eq(reconciliationCursor.leaseOwner, owner)));
  }

  /** What the index and the console know of the payments `ids` name, and which of them the wallet already paid. */
  async knowledgeFor(ids: readonly string[]): Promise<Omit<PageKnowledge, 'wallet'>> {
    if (ids.length === 0) return { payments: new Map(), rewardIdByPayment: new Map(), paidOut: new Set() };
    const list = [...ids];
    const [known, rewarded, paid] = await Promise.all([
      this.db.select({ id: payments.id, direction: payments.direction, amount: payments.amount, toAddress: payments.toAddress }).from(payments).where(inArray(payments.id, list)),
      this.db.select({ id: rewards.id, paymentId: rewards.paymentId }).from(rewards).where(inArray(rewards.paymentId, list)),
      this.db
        .selectDistinct({ paymentId: walletTransactions.matchedPaymentId })
        .from(walletTransactions)
        .where(and(inArray(walletTransactions.matchedPaymentId, list), eq(walletTransactions.direction, 'out'), inArray(walletTransactions.matchState, ['console', 'outside_console']))),
    ]);
    return {
      payments: new Map(known.map((row): [string, KnownPayment] => [row.id, { id: row.id, direction: row.direction, amountStroops: toScaled(row.amount), toAddress: row.toAddress }])),
      rewardIdByPayment: new Map(rewarded.flatMap((row) => (row.paymentId === null ? [] : [[row.paymentId, row.id] as const]))),
      paidOut: new Set(paid.flatMap((row) => (row.paymentId === null ? [] : [row.paymentId]))),
    };
  }

  /**
   * Records a page and moves the cursor past it in one transaction, only while `owner` holds the
   * reading: a page is recorded whole or not at all, and a re-read adds nothing. Answers how many
   * exceptions are new.
   */
  async recordPage(owner: string, page: MatchedPage, cursor: string, seenAt: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      if (page.rows.length > 0) await tx.insert(walletTransactions).values(page.rows).onConflictDoNothing({ target: walletTransactions.pagingToken });
      const added = await this.insertExceptions(tx, page.exceptions, seenAt);
      await this.renew(owner, tx, { pagingToken: cursor });
      return added;
    });
  }

  /** Keeps the exceptions not kept yet (one per kind and subject); answers how many are new. */
  async recordExceptions(found: readonly FoundException[], seenAt: Date): Promise<number> {
    if (found.length === 0) return 0;
    return this.db.transaction((tx) => this.insertExceptions(tx, found, seenAt));
  }

  /** Sets the balance before the listed history, once. */
  async setHistoryOpening(owner: string, stroops: bigint): Promise<void> {
    await this.db
      .update(reconciliationCursor)
      .set({ historyOpeningStroops: stroops })
      .where(and(CURSOR_ROW, eq(reconciliationCursor.leaseOwner, owner), isNull(reconciliationCursor.historyOpeningStroops)));
  }

  /** Each exception kept for the first time opens with its event, in the caller's transaction: the unique (kind, subject) makes it once. */
  private async insertExceptions(tx: Transaction, found: readonly FoundException[], seenAt: Date): Promise<number> {
    if (found.length === 0) return 0;
    const inserted = await tx
      .insert(reconciliationExceptions)
      .values(found.map((exception) => ({ ...exception, firstSeenAt: seenAt })))
      .onConflictDoNothing({ target: [reconciliationExceptions.kind, reconciliationExceptions.subject] })
      .returning();
    await recordEvents(tx, inserted.map((row) => ({ type: 'reconciliation.exception_opened', subjectId: row.id, data: { ...publicExceptionOf(row) }, at: seenAt })));
    return inserted.length;
  }
}
