import { and, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import { refusal } from '../domain/refusal.ts';
import type { Database } from '../store/database.ts';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../store/schema.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../store/time-id-cursor.ts';
import { adminEndpoint, type WebhookEndpoints } from './webhook-endpoints.ts';
import { attemptView, deliveryView, type AttemptRow, type DeliveryRow, type WebhookAttempt, type WebhookDelivery } from './webhook-views.ts';

const PAGE_SIZE = 50;

export interface DeliveryFilters {
  status?: 'pending' | 'delivered' | 'failed';
  type?: string;
  /** Made at or after. */
  from?: Date;
  /** Made before. */
  to?: Date;
  cursor?: string;
}

/** The delivery log: per endpoint (newest first, filtered), per delivery (each attempt), per event. */
export class DeliveryLog {
  constructor(private readonly deps: { db: Database; endpoints: WebhookEndpoints }) {}

  async ofEndpoint(endpointId: string, filters: DeliveryFilters): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
    const { db, endpoints } = this.deps;
    await endpoints.row(db, endpointId);
    const conditions: (SQL | undefined)[] = [
      eq(webhookDeliveries.endpointId, endpointId),
      filters.status && eq(webhookDeliveries.status, filters.status),
      filters.type === undefined ? undefined : eq(webhookDeliveries.eventType, filters.type),
      filters.from && gte(webhookDeliveries.createdAt, filters.from),
      filters.to && lt(webhookDeliveries.createdAt, filters.to),
    ];
    if (filters.cursor) {
      const after = decodeTimeIdCursor(filters.cursor);
      conditions.push(or(lt(webhookDeliveries.createdAt, after.at), and(eq(webhookDeliveries.createdAt, after.at), lt(webhookDeliveries.id, after.id))));
    }
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(and(...conditions))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(PAGE_SIZE + 1);
    const page = rows.slice(0, PAGE_SIZE);
    const last = page.at(-1);
    return { deliveries: await this.views(page), nextCursor: rows.length > PAGE_SIZE && last ? encodeTimeIdCursor({ at: last.createdAt, id: last.id }) : null };
  }

  /** One delivery and every attempt of it, newest first. */
  async delivery(id: string): Promise<{ delivery: WebhookDelivery; attempts: WebhookAttempt[] }> {
    const { db } = this.deps;
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    if (!row) throw refusal('not_found', 'webhook_delivery_not_found', 'No webhook delivery with this id.');
    const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)).orderBy(desc(webhookAttempts.id));
    return { delivery: deliveryView(row, attempts[0] ?? null), attempts: attempts.map(attemptView) };
  }

  /** An event of the log and its deliveries to the admins' endpoints. */
  async ofEvent(eventId: string): Promise<{ event: { id: string; type: string; at: string; data: Record<string, unknown> }; deliveries: WebhookDelivery[] }> {
    const { db } = this.deps;
    const [event] = await db.select({ id: events.id, type: events.type, at: events.at, data: events.data }).from(events).where(eq(events.id, eventId));
    if (!event) throw refusal('not_found', 'event_not_found', 'No event with this id (events are kept for 30 days).');
    const rows = await db
      .select({ delivery: webhookDeliveries })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.eventId, eventId), adminEndpoint))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
    return { event: { ...event, at: event.at.toISOString() }, deliveries: await this.views(rows.map((row) => row.delivery)) };
  }

  private async views(rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
    if (rows.length === 0) return [];
    const latest = await this.deps.db
      .selectDistinctOn([webhookAttempts.deliveryId])
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, rows.map((row) => row.id)))
      .orderBy(webhookAttempts.deliveryId, desc(webhookAttempts.id));
    const byDelivery = new Map<string, AttemptRow>(latest.map((attempt) => [attempt.deliveryId, attempt]));
    return rows.map((row) => deliveryView(row, byDelivery.get(row.id) ?? null));
  }
}
