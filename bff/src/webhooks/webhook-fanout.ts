import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import { readEventsOn } from '../events/event-reader.ts';
import type { Database } from '../store/database.ts';
import { webhookDeliveries, webhookEndpoints } from '../store/schema.ts';

/** The event log's reader name of the webhooks. */
const READER = 'webhooks';

/** A Standard Webhooks message: the body every attempt sends, signed, byte for byte. */
export function messageBody(type: string, at: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * Turns the next `limit` events of the log into deliveries, one per enabled endpoint that lists the
 * event's type and existed when it happened, in the transaction that moves the webhooks' position in
 * the log on (events/event-reader.ts): none is lost or fanned out twice, whatever crashes when. Answers
 * how many events it read.
 */
export function fanOut(db: Database, clock: Clock, limit: number): Promise<number> {
  return readEventsOn(db, READER, limit, async (tx, events) => {
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events, createdAt: webhookEndpoints.createdAt })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.enabled, true), eq(webhookEndpoints.format, 'standard-webhooks')));
    const now = clock.now();
    const rows = events.flatMap((event) =>
      endpoints
        .filter((endpoint) => endpoint.events.includes(event.type) && endpoint.createdAt <= event.at)
        .map((endpoint) => ({
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          body: messageBody(event.type, event.at, event.data),
          status: 'pending' as const,
          nextAttemptAt: now,
          tryingSince: now,
          createdAt: now,
        })),
    );
    if (rows.length > 0) await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing();
  });
}
