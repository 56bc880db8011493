import { randomUUID } from 'node:crypto';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { refusal } from '../domain/refusal.ts';
import type { Database } from '../store/database.ts';
import type { Transaction } from '../store/executor.ts';
import { webhookDeliveries } from '../store/schema.ts';
import type { DeliveryLog } from './delivery-log.ts';
import { messageBody } from './webhook-fanout.ts';
import type { WebhookEndpoints } from './webhook-endpoints.ts';
import type { EndpointRow, WebhookDelivery } from './webhook-views.ts';

export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * What an admin does to deliveries: a test event to one endpoint, a resend of one delivery, a resend of
 * every failed one in a time range. Each goes through the engine like any delivery (signed, retried,
 * logged), keeps its webhook-id, and is audited.
 */
export class DeliveryActions {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      audit: AuditLog;
      endpoints: WebhookEndpoints;
      log: DeliveryLog;
      /** Has the engine look for due deliveries now. */
      wake: () => void;
    },
  ) {}

  async sendTest(endpointId: string, origin: AuditOrigin): Promise<WebhookDelivery> {
    const { db, clock, audit } = this.deps;
    const now = clock.now();
    const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
    const id = await db.transaction(async (tx) => {
      const endpoint = await this.enabledEndpoint(tx, endpointId);
      const data = { endpointId, message: 'A test event from Plat Console: this endpoint receives and verifies its webhooks.' };
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({ endpointId, eventId, eventType: TEST_EVENT_TYPE, body: messageBody(TEST_EVENT_TYPE, now, data), status: 'pending', nextAttemptAt: now, tryingSince: now, createdAt: now })
        .returning({ id: webhookDeliveries.id });
      if (!row) throw new Error('insert returned no row');
      await audit.append({ ...origin, action: 'webhook_endpoint.test', target: `webhook_endpoint:${endpointId}`, outcome: 'ok', details: { url: endpoint.url, eventId } }, tx);
      return row.id;
    });
    this.deps.wake();
    return (await this.deps.log.delivery(id)).delivery;
  }

  /** Sends a delivery again, whatever became of it, with the same webhook-id and body; retried afresh for 3 days if it fails. */
  async resend(deliveryId: string, origin: AuditOrigin): Promise<WebhookDelivery> {
    const { db, clock, audit } = this.deps;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [delivery] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      if (!delivery) throw refusal('not_found', 'webhook_delivery_not_found', 'No webhook delivery with this id.');
      const endpoint = await this.enabledEndpoint(tx, delivery.endpointId);
      await tx.update(webhookDeliveries).set({ status: 'pending', nextAttemptAt: now, tryingSince: now }).where(eq(webhookDeliveries.id, deliveryId));
      await audit.append({ ...origin, action: 'webhook_delivery.resend', target: `webhook_endpoint:${endpoint.id}`, outcome: 'ok', details: { url: endpoint.url, deliveryId, eventId: delivery.eventId, eventType: delivery.eventType } }, tx);
    });
    this.deps.wake();
    return (await this.deps.log.delivery(deliveryId)).delivery;
  }

  /** Sends again every failed delivery of the endpoint made from `from` (included) to `to`; answers how many. */
  async resendFailed(endpointId: string, range: { from: Date; to: Date }, origin: AuditOrigin): Promise<number> {
    const { db, clock, audit } = this.deps;
    const now = clock.now();
    const resent = await db.transaction(async (tx) => {
      const endpoint = await this.enabledEndpoint(tx, endpointId);
      const rows = await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: now, tryingSince: now })
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'failed'), gte(webhookDeliveries.createdAt, range.from), lt(webhookDeliveries.createdAt, range.to)))
        .returning({ id: webhookDeliveries.id });
      await audit.append({ ...origin, action: 'webhook_endpoint.resend_failed', target: `webhook_endpoint:${endpointId}`, outcome: 'ok', details: { url: endpoint.url, from: range.from.toISOString(), to: range.to.toISOString(), count: rows.length } }, tx);
      return rows.length;
    });
    this.deps.wake();
    return resent;
  }

  private async enabledEndpoint(tx: Transaction, id: string): Promise<EndpointRow> {
    const endpoint = await this.deps.endpoints.row(tx, id);
    if (!endpoint.enabled) throw refusal('conflict', 'webhook_endpoint_disabled', 'This endpoint is switched off: switch it on first, then send.');
    return endpoint;
  }
}
