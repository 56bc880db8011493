import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { reconciliationExceptions, type EXCEPTION_STATES } from '../store/schema.ts';
import type { TimeIdCursor } from '../store/time-id-cursor.ts';
import type { ExceptionKind } from './found-exception.ts';

export type ExceptionState = (typeof EXCEPTION_STATES)[number];
export type ExceptionRow = typeof reconciliationExceptions.$inferSelect & { acknowledgedByEmail: string | null; resolvedByEmail: string | null };

export interface ExceptionFilters {
  kind?: ExceptionKind[] | undefined;
  state?: ExceptionState[] | undefined;
}

/** The exceptions queue in the store: reads and conditional writes only. */
export class ExceptionStore {
  constructor(private readonly db: Database) {}

  /** Newest first; `before` is the last row of the previous page. */
  async list(filters: ExceptionFilters, limit: number, before?: TimeIdCursor): Promise<ExceptionRow[]> {
    const conditions: SQL[] = [];
    if (filters.kind) conditions.push(inArray(reconciliationExceptions.kind, filters.kind));
    if (filters.state) conditions.push(inArray(reconciliationExceptions.state, filters.state));
    if (before) {
      const page = or(lt(reconciliationExceptions.firstSeenAt, before.at), and(eq(reconciliationExceptions.firstSeenAt, before.at), lt(reconciliationExceptions.id, before.id)));
      if (page) conditions.push(page);
    }
    return this.select()
      .where(and(...conditions))
      .orderBy(desc(reconciliationExceptions.firstSeenAt), desc(reconciliationExceptions.id))
      .limit(limit);
  }

  async get(id: string): Promise<ExceptionRow | null> {
    const [row] = await this.select().where(eq(reconciliationExceptions.id, id));
    return row ?? null;
  }

  /** Moves the exception to `to` if it is in one of `from`; false when it is not (or does not exist). */
  async move(id: string, from: readonly ExceptionState[], to: 'acknowledged' | 'resolved', by: string, at: Date, note: string | undefined): Promise<boolean> {
    const who = to === 'acknowledged' ? { acknowledgedBy: by, acknowledgedAt: at } : { resolvedBy: by, resolvedAt: at };
    const moved = await this.db
      .update(reconciliationExceptions)
      .set({ state: to, ...who, ...(note === undefined ? {} : { note }) })
      .where(and(eq(reconciliationExceptions.id, id), inArray(reconciliationExceptions.state, [...from])))
      .returning({ id: reconciliationExceptions.id });
    return moved.length > 0;
  }

  private select() {
    return this.db
      .select({
        id: reconciliationExceptions.id,
        kind: reconciliationExceptions.kind,
        subject: reconciliationExceptions.subject,
        txHash: reconciliationExceptions.txHash,
        amountStroops: reconciliationExceptions.amountStroops,
        counterparty: reconciliationExceptions.counterparty,
        paymentId: reconciliationExceptions.paymentId,
        rewardId: reconciliationExceptions.rewardId,
        detail: reconciliationExceptions.detail,
        firstSeenAt: reconciliationExceptions.firstSeenAt,
        state: reconciliationExceptions.state,
        note: reconciliationExceptions.note,
        acknowledgedBy: reconciliationExceptions.acknowledgedBy,
        acknowledgedAt: reconciliationExceptions.acknowledgedAt,
        resolvedBy: reconciliationExceptions.resolvedBy,
        resolvedAt: reconciliationExceptions.resolvedAt,
        acknowledgedByEmail: sql<string | null>`(SELECT email FROM staff WHERE id = ${reconciliationExceptions.acknowledgedBy})`,
        resolvedByEmail: sql<string | null>`(SELECT email FROM staff WHERE id = ${reconciliationExceptions.resolvedBy})`,
      })
      .from(reconciliationExceptions);
  }
}
