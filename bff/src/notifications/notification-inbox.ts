import { and, count, desc, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import { notifications } from '../store/schema.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../store/time-id-cursor.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A notification as its staff member sees it. */
export interface NotificationView {
  id: string;
  eventId: string;
  type: string;
  title: string;
  body: string;
  /** The page of the event's object in the console. */
  link: string;
  at: string;
  readAt: string | null;
}

/**
 * A staff member's notifications: newest first, how many are unread, and marking them read. Marking
 * read is not audited: it changes only what the bell shows its own reader, as opening a page does.
 */
export class NotificationInbox {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(staffId: string, request: { cursor?: string | undefined; unreadOnly: boolean; limit?: number }): Promise<{ notifications: NotificationView[]; unread: number; nextCursor: string | null }> {
    const limit = request.limit ?? NOTIFICATIONS_PAGE_SIZE;
    const conditions: (SQL | undefined)[] = [eq(notifications.staffId, staffId)];
    if (request.unreadOnly) conditions.push(isNull(notifications.readAt));
    if (request.cursor !== undefined) {
      const before = decodeTimeIdCursor(request.cursor);
      conditions.push(or(lt(notifications.at, before.at), and(eq(notifications.at, before.at), lt(notifications.id, before.id))));
    }
    const [rows, unread] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(and(...conditions))
        .orderBy(desc(notifications.at), desc(notifications.id))
        .limit(limit + 1),
      this.unread(staffId),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      notifications: page.map((row) => ({
        id: row.id,
        eventId: row.eventId,
        type: row.type,
        title: row.title,
        body: row.body,
        link: row.link,
        at: row.at.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      })),
      unread,
      nextCursor: rows.length > limit && last ? encodeTimeIdCursor({ at: last.at, id: last.id }) : null,
    };
  }

  /** Marks the staff member's own notifications read (ids of others' are passed over); answers how many stay unread. */
  async markRead(staffId: string, which: { ids: readonly string[] } | { all: true }): Promise<{ unread: number }> {
    const chosen = 'all' in which ? undefined : inArray(notifications.id, [...which.ids]);
    await this.db
      .update(notifications)
      .set({ readAt: this.clock.now() })
      .where(and(eq(notifications.staffId, staffId), isNull(notifications.readAt), chosen));
    return { unread: await this.unread(staffId) };
  }

  private async unread(staffId: string): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.staffId, staffId), isNull(notifications.readAt)));
    return row?.unread ?? 0;
  }
}
