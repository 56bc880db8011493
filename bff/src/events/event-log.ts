import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import { events } from '../store/schema.ts';
import { EVENT_TYPES, type EventType } from './event-types.ts';

/** An event as it is kept and read back: `data` is its subject in the public API's shape at `at`. */
export interface ConsoleEvent {
  id: string;
  type: EventType;
  at: Date;
  subject: { kind: string; id: string };
  data: Record<string, unknown>;
}

/** Where a reader of the log stands: after the event of this writing transaction and sequence number. */
export interface EventPosition {
  tx: string;
  seq: number;
}

/** The event to record: its type, what it is about, and that subject as the public API shows it now. */
export interface NewEvent {
  type: EventType;
  subjectId: string;
  data: Record<string, unknown>;
  at: Date;
}

/**
 * Records `event` in the transaction `tx` that makes the change it reports, so it commits, or not, with
 * that change. Returns its id (`evt_…`), which every delivery of it carries.
 */
export async function recordEvent(tx: Executor, event: NewEvent): Promise<string> {
  const id = `evt_${randomUUID().replaceAll('-', '')}`;
  await tx.insert(events).values({ id, type: event.type, at: event.at, subjectKind: EVENT_TYPES[event.type].subject, subjectId: event.subjectId, data: event.data });
  return id;
}

interface EventRow {
  id: string;
  type: EventType;
  at: string | Date;
  subject_kind: string;
  subject_id: string;
  data: Record<string, unknown>;
  tx: string;
  seq: number | string;
}

/**
 * Up to `limit` events after `after` (from the start when null), in the order readers must take them,
 * each with its position. Only events of transactions older than every one still running are read, so
 * an event committed later can never land behind a position already handed out (migration 0023).
 */
export async function readEventsAfter(db: Executor, input: { after: EventPosition | null; types?: readonly EventType[]; limit: number }): Promise<{ event: ConsoleEvent; position: EventPosition }[]> {
  const conditions: SQL[] = [sql`tx < pg_snapshot_xmin(pg_current_snapshot())`];
  if (input.after) conditions.push(sql`(tx, seq) > (${input.after.tx}::xid8, ${input.after.seq})`);
  if (input.types) conditions.push(sql`type IN (${sql.join(input.types.map((type) => sql`${type}`), sql`, `)})`);
  const result = await db.execute(sql`
    SELECT id, type, at, subject_kind, subject_id, data, tx::text AS tx, seq FROM events
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY tx, seq LIMIT ${input.limit}`);
  return rowsOf<EventRow>(result).map((row) => ({
    event: { id: row.id, type: row.type, at: new Date(row.at), subject: { kind: row.subject_kind, id: row.subject_id }, data: row.data },
    position: { tx: row.tx, seq: Number(row.seq) },
  }));
}

/** Forgets events recorded before `before`; returns how many. */
export async function pruneEventsBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.execute(sql`WITH gone AS (DELETE FROM events WHERE at < ${before.toISOString()}::timestamptz RETURNING 1) SELECT count(*)::int AS count FROM gone`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}
