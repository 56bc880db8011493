import { and, eq, sql } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log.ts';
import { recordEvent } from '../events/event-log.ts';
import type { Transaction } from '../store/executor.ts';
import { webhookDeliveries, webhookEndpoints } from '../store/schema.ts';

/** Why an endpoint is off: an admin switched it off, its receiver answered 410 Gone, or it failed for 3 days. */
export type DisabledReason = 'admin' | 'gone' | 'failing';

/**
 * Switches an enabled endpoint off in `tx`; what is still pending for it is failed (a resend after it is
 * switched on again sends it). Answers whether it was on.
 */
export async function switchOff(tx: Transaction, endpointId: string, reason: DisabledReason): Promise<boolean> {
  const [off] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (!off) return false;
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, leaseOwner: null, leaseUntil: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  return true;
}

/**
 * The console switches an endpoint off by itself (410 Gone, or 3 days of failures): audited, and recorded
 * as a `webhook_endpoint.disabled` event, which the admins' notifications show. A Slack target's URL,
 * which is its secret, is in neither.
 */
export async function switchOffByConsole(tx: Transaction, audit: AuditLog, endpointId: string, reason: 'gone' | 'failing', at: Date): Promise<void> {
  if (!(await switchOff(tx, endpointId, reason))) return;
  const [endpoint] = await tx
    .select({ url: webhookEndpoints.url, format: webhookEndpoints.format, ownerStaffId: webhookEndpoints.ownerStaffId, description: webhookEndpoints.description, failingSince: webhookEndpoints.failingSince })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) return;
  const url = endpoint.format === 'slack' ? null : endpoint.url;
  const data = {
    id: endpointId,
    format: endpoint.format,
    url,
    description: endpoint.description,
    ownerStaffId: endpoint.ownerStaffId,
    disabledReason: reason,
    failingSince: endpoint.failingSince?.toISOString() ?? null,
    disabledAt: at.toISOString(),
  };
  await recordEvent(tx, { type: 'webhook_endpoint.disabled', subjectId: endpointId, data, at });
  await audit.append({ actor: null, clientIp: null, requestId: null, action: 'webhook_endpoint.switched_off', target: `webhook_endpoint:${endpointId}`, outcome: 'ok', details: { url, reason } }, tx);
}

/** Marks an endpoint failing from `at` unless it already is; answers since when it fails. */
export async function markFailing(tx: Transaction, endpointId: string, at: Date): Promise<Date | null> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? null;
}
