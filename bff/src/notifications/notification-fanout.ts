import { isNull, sql } from 'drizzle-orm';
import type { Role } from '../domain/roles.ts';
import type { ConsoleEvent } from '../events/event-log.ts';
import { readEventsOn } from '../events/event-reader.ts';
import type { Logger } from '../logger.ts';
import { PeriodicTask } from '../periodic-task.ts';
import type { Database } from '../store/database.ts';
import type { Transaction } from '../store/executor.ts';
import { notificationPreferences, notifications, staff } from '../store/schema.ts';
import { defaultEventsFor, hears } from './notification-audiences.ts';
import { notificationWords, requestedByOf } from './notification-words.ts';

/** The event log's reader name of the notifications. */
const READER = 'notifications';
/** How often the fan-out looks for new events. */
export const FANOUT_EVERY_MS = 2_000;
const PAGE_SIZE = 200;

/** A staff member who may be told, and what they chose to hear (their role's defaults when they chose nothing). */
interface Listener {
  id: string;
  name: string;
  role: Role;
  chosen: readonly string[];
}

/** A notification written for a staff member, for whoever sends it on (Slack). */
export interface WrittenNotification {
  staffId: string;
  eventId: string;
  type: string;
  title: string;
  body: string;
  link: string;
}

/** Sends on what the fan-out writes, in its transaction, so that a message is queued once, with its notification. */
export type NotificationRelay = (tx: Transaction, written: readonly WrittenNotification[]) => Promise<void>;

export interface NotificationFanoutDeps {
  db: Database;
  logger: Logger;
  relay?: NotificationRelay;
  everyMs?: number;
  pageSize?: number;
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
  const told = everyone.filter((listener) => hears(listener, listener.chosen, event, requestedBy));
  if (told.length === 0) return [];
  const requester = everyone.find((listener) => listener.id === requestedBy);
  const words = notificationWords(event, { requesterName: requester?.name ?? null });
  return told.map((listener) => ({ staffId: listener.id, eventId: event.id, type: event.type, ...words }));
}

/**
 * Reads the event log in order, as its own reader (events/event-reader.ts), and tells the staff who
 * want to hear of each event: the notifications, their Slack messages and the new position commit in
 * one transaction. After a crash it goes on where the last commit left it, and an event is never told
 * twice (nor, with the unique key, written twice); on PostgreSQL one instance reads at a time.
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

  /** Rounds now (or those under way), until the log has nothing left to read. */
  run(): Promise<void> {
    return this.task.run();
  }

  private async drain(): Promise<void> {
    while ((await this.round()) === this.pageSize);
  }

  /** One page of events; answers how many it read (0 also while another instance reads). */
  round(): Promise<number> {
    return readEventsOn(this.deps.db, READER, this.pageSize, async (tx, events) => {
      const everyone = await listeners(tx);
      const written = events.flatMap((event) => notificationsOf(event, everyone).map((row) => ({ row, at: event.at })));
      if (written.length === 0) return;
      const inserted = await tx
        .insert(notifications)
        .values(written.map(({ row, at }) => ({ ...row, at })))
        .onConflictDoNothing()
        .returning({ staffId: notifications.staffId, eventId: notifications.eventId });
      const fresh = new Set(inserted.map((row) => `${row.staffId} ${row.eventId}`));
      await this.deps.relay?.(tx, written.map(({ row }) => row).filter((row) => fresh.has(`${row.staffId} ${row.eventId}`)));
    });
  }
}
