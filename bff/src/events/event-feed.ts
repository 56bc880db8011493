import { z } from 'zod';
import type { Database } from '../store/database.ts';
import { decodePageCursor, encodePageCursor } from '../store/page-cursor.ts';
import { pruneEventsBefore, readEventsAfter, type ConsoleEvent } from './event-log.ts';
import type { EventType } from './event-types.ts';

/** How long the log keeps an event. */
export const EVENTS_KEPT_DAYS = 30;

/** An event as an app reads it: its id, type and time, and its subject as the public API showed it then. */
export interface PublicEvent {
  id: string;
  type: EventType;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface EventPage {
  events: PublicEvent[];
  /** Where to read on from: after the last event of this page, or where the caller stood when there was none; null only before the first event. */
  nextCursor: string | null;
}

/** A cursor holds a position in the log: the writing transaction's id (an xid8, as text) and the event's sequence number. */
const positionParts = z.tuple([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()]);

export function publicEventOf(event: ConsoleEvent): PublicEvent {
  return { id: event.id, type: event.type, createdAt: event.at.toISOString(), data: event.data };
}

/** The event log as apps poll it (GET /v1/events), and its pruning by age. */
export class EventFeed {
  constructor(private readonly db: Database) {}

  /** Up to `limit` events after `cursor` (from the oldest kept when absent), only those of `types` when given. */
  async page({ cursor, types, limit }: { cursor?: string | undefined; types?: readonly EventType[] | undefined; limit: number }): Promise<EventPage> {
    const after = cursor === undefined ? null : decodePageCursor(cursor, positionParts);
    const read = await readEventsAfter(this.db, { after: after && { tx: after[0], seq: after[1] }, ...(types ? { types } : {}), limit });
    const last = read.at(-1)?.position;
    return { events: read.map(({ event }) => publicEventOf(event)), nextCursor: last ? encodePageCursor([last.tx, last.seq]) : (cursor ?? null) };
  }

  /** Forgets the events older than EVENTS_KEPT_DAYS before `now`; answers how many. */
  prune(now: Date): Promise<number> {
    return pruneEventsBefore(this.db, new Date(now.getTime() - EVENTS_KEPT_DAYS * 86_400_000));
  }
}
