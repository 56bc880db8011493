import { sql } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import type { Transaction } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import { eventReaders } from '../store/schema.ts';
import { readEventsAfter, type ConsoleEvent } from './event-log.ts';

/**
 * Hands the events after reader `name`'s position, up to `limit`, to `handle` in one transaction, and
 * moves the position past them when it commits: what `handle` writes and the new position stand or
 * fall together, so no event is handled twice or skipped. The position row is locked meanwhile; an
 * instance that finds it locked by another skips its turn (on PostgreSQL one instance reads for a
 * reader at a time). Answers how many events were handled.
 */
export async function readEventsOn(db: Database, name: string, limit: number, handle: (tx: Transaction, events: ConsoleEvent[]) => Promise<void>): Promise<number> {
  await db.insert(eventReaders).values({ name }).onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [reader] = rowsOf<{ tx: string | null; seq: number | string | null }>(await tx.execute(sql`SELECT tx::text AS tx, seq FROM event_readers WHERE name = ${name} FOR UPDATE SKIP LOCKED`));
    if (!reader) return 0;
    const after = reader.tx === null ? null : { tx: reader.tx, seq: Number(reader.seq) };
    const page = await readEventsAfter(tx, { after, limit });
    const last = page.at(-1);
    if (!last) return 0;
    await handle(tx, page.map((entry) => entry.event));
    await tx.execute(sql`UPDATE event_readers SET tx = ${last.position.tx}::xid8, seq = ${last.position.seq} WHERE name = ${name}`);
    return page.length;
  });
}
