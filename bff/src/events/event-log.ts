import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import { eventConditions, events } from '../store/schema.ts';
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
  const id = newEventId();
  await tx.insert(events).values({ id, type: event.type, at: event.at, subjectKind: EVENT_TYPES[event.type].subject, subjectId: event.subjectId, data: event.data });
  return id;
}

function newEventId(): string {
  return `evt_${randomUUID().replaceAll('-', '')}`;
}

/**
 * Records `list` in one statement in the transaction `tx`, however many (a batch's rows), in its order.
 * `fill`, when given, is a jsonb object whose keys the store fills in as the transaction sees them, in
 * each event whose data has those keys (what the change's own transaction wrote beside the row in
 * hand, such as its payment's transaction link).
 */
export async function recordEvents(tx: Executor, list: readonly NewEvent[], fill?: SQL): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((event) => ({ id: newEventId(), type: event.type, at: event.at.toISOString(), subject_kind: EVENT_TYPES[event.type].subject, subject_id: event.subjectId, data: event.data }));
  await tx.execute(sql`
    INSERT INTO events (id, type, at, subject_kind, subject_id, data)
    SELECT e.id, e.type, e.at, e.subject_kind, e.subject_id, ${fill ? sql`e.data || (SELECT coalesce(jsonb_object_agg(f.key, f.value), '{}'::jsonb) FROM jsonb_each(${fill}) f WHERE e.data ? f.key)` : sql`e.data`}
    FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (id text, type text, at timestamptz, subject_kind text, subject_id text, data jsonb))
         WITH ORDINALITY AS e(id, type, at, subject_kind, subject_id, data, n)
    ORDER BY e.n`);
}

/**
 * Records `event` once for the occurrence `key` names (a payment's id with the condition, a key's id
 * with its expiry): the key is kept in the same transaction, and a later check of the same occurrence
 * records nothing. Answers whether it recorded the event.
 */
export async function recordEventOnce(tx: Executor, key: string, event: NewEvent): Promise<boolean> {
  const [kept] = await tx.insert(eventConditions).values({ key, state: 'found', at: event.at }).onConflictDoNothing().returning({ key: eventConditions.key });
  if (kept) await recordEvent(tx, event);
  return kept !== undefined;
}

/**
 * Keeps whether the condition `key` holds now (`holds`), and records `event` only when it starts to
 * hold: not while it goes on holding, and again only after it stopped. Answers whether it recorded it.
 */
export async function recordEventOnCrossing(tx: Executor, key: string, holds: boolean, event: NewEvent): Promise<boolean> {
  const state = holds ? 'holds' : 'ended';
  const [changed] = await tx
    .insert(eventConditions)
    .values({ key, state, at: event.at })
    .onConflictDoUpdate({ target: eventConditions.key, set: { state, at: event.at }, setWhere: sql`${eventConditions.state} <> ${state}` })
    .returning({ key: eventConditions.key });
  const crossed = changed !== undefined && holds;
  if (crossed) await recordEvent(tx, event);
  return crossed;
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
