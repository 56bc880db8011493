import { sql } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import type { Executor, Transaction } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import { eventReaders } from '../store/schema.ts';
import { readEventsAfter, type ConsoleEvent, type EventPosition } from './event-log.ts';

/** Where reader `name` stands; `FOR UPDATE SKIP LOCKED` when `lock`: undefined when another instance holds it. */
async function positionOf(executor: Executor, name: string, lock: boolean): Promise<EventPosition | null | undefined> {
  const locking = lock ? sql` FOR UPDATE SKIP LOCKED` : sql``;
  const [reader] = rowsOf<{ tx: string | null; seq: number | string | null }>(await executor.execute(sql`SELECT tx::text AS tx, seq FROM event_readers WHERE name = ${name}${locking}`));
  if (!reader) return undefined;
  return reader.tx === null ? null : { tx: reader.tx, seq: Number(reader.seq) };
}

/**
 * Hands the events after reader `name`'s position, up to `limit`, to `handle` in one transaction, and
 * moves the position past them when it commits: what `handle` writes and the new position stand or
 * fall together, so no event is handled twice or skipped. The position row (made on the first read,
 * from the log's start) is locked meanwhile; an instance that finds it locked by another skips its
 * turn (on PostgreSQL one instance reads for a reader at a time). Nothing is locked or written while
 * there is nothing new. Answers how many events were handled.
 */
export async function readEventsOn(db: Database, name: string, limit: number, handle: (tx: Transaction, events: ConsoleEvent[]) => Promise<void>): Promise<number> {
  const seen = await positionOf(db, name, false);
  if (seen === undefined) await db.insert(eventReaders).values({ name }).onConflictDoNothing();
  if ((await readEventsAfter(db, { after: seen ?? null, limit: 1 })).length === 0) return 0;
  return db.transaction(async (tx) => {
    const after = await positionOf(tx, name, true);
    if (after === undefined) return 0;
    const page = await readEventsAfter(tx, { after, limit });
    const last = page.at(-1);
    if (!last) return 0;
    await handle(tx, page.map((entry) => entry.event));
    await tx.execute(sql`UPDATE event_readers SET tx = ${last.position.tx}::xid8, seq = ${last.position.seq} WHERE name = ${name}`);
    return page.length;
  });
}
