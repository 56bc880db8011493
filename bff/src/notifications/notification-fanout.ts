import { isNull, sql } from 'drizzle-orm';
import type { Role } from '../domain/roles.ts';
import { readEventsAfter, type ConsoleEvent, type EventPosition } from '../events/event-log.ts';
import type { Logger } from '../logger.ts';
import { PeriodicTask } from '../periodic-task.ts';
import type { Database } from '../store/database.ts';
import type { Executor, Transaction } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import { notificationPreferences, notifications, staff } from '../store/schema.ts';
import { defaultEventsFor, hears } from './notification-audiences.ts';
import { notificationWords, requestedByOf } from './notification-words.ts';

/** How often the fan-out looks for new events; a request may also ask for a round now (`run`). */
export const FANOUT_EVERY_MS = 2_000;
const PAGE_SIZE = 200;

/** A staff member who may be told, and what they chose to hear (their role's defaults when they chose nothing). */
interface Listener {
  id: string;
  name: string;
  role: Role;
  chosen: readonly string[];
}

/** What a notification written for a staff member is, for whoever sends it on (Slack). */
export interface WrittenNotification {
  staffId: string;
  eventId: string;
  title: string;
  body: string;
  link: string;
}

/**
 * Sends on what the fan-out writes, in its transaction (so a message is queued once, with the
 * notification): the Slack messages of those who gave a URL.
 */
export type NotificationRelay = (tx: Transaction, written: readonly WrittenNotification[]) => Promise<void>;

export interface NotificationFanoutDeps {
  db: Database;
  logger: Logger;
  relay?: NotificationRelay;
  everyMs?: number;
  pageSize?: number;
}

async function positionOf(db: Executor, lock: boolean): Promise<EventPosition | null> {
  const [row] = rowsOf<{ tx: string | null; seq: number | string | null }>(
    await db.execute(sql`SELECT tx::text AS tx, seq FROM notification_fanout WHERE id = 1 ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  if (!row) throw new Error('notification_fanout has no row: the store is not migrated');
  return row.tx === null || row.seq === null ? null : { tx: row.tx, seq: Number(row.seq) };
}

async function listeners(tx: Transaction): Promise<Listener[]> {
  const rows = await tx
    .select({ id: staff.id, name: staff.name, role: staff.role, chosen: notificationPreferences.events })
    .from(staff)
    .leftJoin(notificationPreferences, sql`${notificationPreferences.staffId} = ${staff.id}`)
    .where(isNull(staff.disabledAt));
  return rows.map((row) => ({ ...row, chosen: row.chosen ?? defaultEventsFor(row.role) }));
}

/** The notifications one event makes: one for each staff member who hears of it. */
function notificationsOf(event: ConsoleEvent, everyone: readonly Listener[]): WrittenNotification[] {
  const requestedBy = requestedByOf(event.data);
  const requester = everyone.find((listener) => listener.id === requestedBy);
  const told = everyone.filter((listener) => hears(listener, listener.chosen, event.type, requestedBy));
  if (told.length === 0) return [];
  const words = notificationWords(event, { requesterName: requester?.name ?? null });
  return told.map((listener) => ({ staffId: listener.id, eventId: event.id, ...words }));
}

/**
 * Reads the event log in order from where it last stood and tells the staff who want to hear of each
 * event. Each round locks its stored position (one instance at a time on PostgreSQL) and writes the
 * notifications and the new position in one transaction: after a crash it starts again where the
 * last commit left it, and an event is never told twice (nor, with the unique key, written twice).
 */
export class NotificationFanout {
  private readonly task: PeriodicTask;
  private readonly pageSize: number;

  constructor(private readonly deps: NotificationFanoutDeps) {
    this.pageSize = deps.pageSize ?? PAGE_SIZE;
    this.task = new PeriodicTask(deps.everyMs ?? FANOUT_EVERY_MS, () => this.drain(), (error) => deps.logger.warn('telling staff of events failed; the next round tries again', { error }));
  }

  start(): Promise<void> {
    return this.task.start({ runNow: true });
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** A round of rounds now (or the one under way): until the log has nothing left to read. */
  run(): Promise<void> {
    return this.task.run();
  }

  private async drain(): Promise<void> {
    while ((await this.round()) === this.pageSize);
  }

  /** One page of events; answers how many it read. */
  async round(): Promise<number> {
    // A look without the lock first: most rounds find nothing, and take no lock and open no transaction.
    if ((await readEventsAfter(this.deps.db, { after: await positionOf(this.deps.db, false), limit: 1 })).length === 0) return 0;
    return this.deps.db.transaction(async (tx) => {
      const page = await readEventsAfter(tx, { after: await positionOf(tx, true), limit: this.pageSize });
      const last = page.at(-1);
      if (!last) return 0;
      const everyone = await listeners(tx);
      const written = page.flatMap(({ event }) => notificationsOf(event, everyone).map((words) => ({ ...words, type: event.type, at: event.at })));
      const inserted = written.length === 0 ? [] : await tx.insert(notifications).values(written).onConflictDoNothing().returning({ staffId: notifications.staffId, eventId: notifications.eventId });
      const fresh = new Set(inserted.map((row) => `${row.staffId} ${row.eventId}`));
      if (this.deps.relay) await this.deps.relay(tx, written.filter((row) => fresh.has(`${row.staffId} ${row.eventId}`)));
      await tx.execute(sql`UPDATE notification_fanout SET tx = ${last.position.tx}::xid8, seq = ${last.position.seq} WHERE id = 1`);
      return page.length;
    });
  }
}
