import { count, eq } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { reconciliationCursor, reconciliationExceptions } from '../store/schema.ts';

export interface ReconciliationStatus {
  /** Exceptions nobody has acknowledged yet (index reconciliation_exceptions_state). */
  openExceptions: number;
  /** When the last run over the wallet's history ended; null before the first. */
  lastRunAt: Date | null;
}

export async function reconciliationStatus(db: Database): Promise<ReconciliationStatus> {
  const [[open], [cursor]] = await Promise.all([
    db.select({ n: count() }).from(reconciliationExceptions).where(eq(reconciliationExceptions.state, 'open')),
    db.select({ lastRunAt: reconciliationCursor.lastRunAt }).from(reconciliationCursor).limit(1),
  ]);
  return { openExceptions: open?.n ?? 0, lastRunAt: cursor?.lastRunAt ?? null };
}
