import { and, eq } from 'drizzle-orm';
import type { AuditedSetting } from '../audit/audited-setting.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import type { Executor } from '../store/executor.ts';
import { webhookDeliveries, webhookEndpoints } from '../store/schema.ts';
import { checkReceiverUrl } from './webhook-endpoints.ts';
import type { WebhookSettings } from './webhook-settings.ts';

/** A staff member's Slack-compatible incoming webhook, as its owner sees it. */
export interface SlackTarget {
  id: string;
  url: string;
  enabled: boolean;
  disabledReason: 'admin' | 'gone' | 'failing' | null;
  failingSince: string | null;
}

/** A message to a Slack target: `{"text": …}`, sent once per (target, eventId), through the same engine, log and retries as webhooks. */
export interface SlackMessage {
  /** The event it tells of: a second enqueue of the same event to the same target adds nothing. */
  eventId: string;
  eventType: string;
  text: string;
}

/**
 * The Slack targets the staff notifications use: one per staff member, kept out of the admins'
 * endpoint list, sent unsigned (`format: 'slack'`). Each method takes the caller's transaction, so a
 * notification and its message commit together. The URL is checked like an endpoint's (https, never
 * link-local or metadata addresses); it is a secret of its own, so it is never logged or audited here.
 */
export class WebhookTargets {
  constructor(private readonly deps: { db: Database; clock: Clock; settings: AuditedSetting<WebhookSettings> }) {}

  /** Sets `ownerStaffId`'s Slack URL (a refusal names the field `slackUrl`); switched on afresh. Answers the target's id. */
  async upsertSlackTarget(ownerStaffId: string, url: string, executor: Executor = this.deps.db): Promise<string> {
    await checkReceiverUrl(url, this.deps.settings, 'slackUrl', executor);
    const fresh = { url, enabled: true, disabledReason: null, failingSince: null };
    const [row] = await executor
      .insert(webhookEndpoints)
      .values({ ...fresh, format: 'slack', ownerStaffId, events: [], createdAt: this.deps.clock.now(), createdBy: ownerStaffId })
      .onConflictDoUpdate({ target: webhookEndpoints.ownerStaffId, set: fresh })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error('upsert returned no row');
    return row.id;
  }

  /** Removes `ownerStaffId`'s Slack target and what is waiting for it. */
  async removeSlackTarget(ownerStaffId: string, executor: Executor = this.deps.db): Promise<void> {
    await executor.delete(webhookEndpoints).where(and(eq(webhookEndpoints.format, 'slack'), eq(webhookEndpoints.ownerStaffId, ownerStaffId)));
  }

  async slackTargetOf(ownerStaffId: string, executor: Executor = this.deps.db): Promise<SlackTarget | null> {
    const [row] = await executor.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.format, 'slack'), eq(webhookEndpoints.ownerStaffId, ownerStaffId)));
    return row ? { id: row.id, url: row.url, enabled: row.enabled, disabledReason: row.disabledReason, failingSince: row.failingSince?.toISOString() ?? null } : null;
  }

  /** Queues `message` for the Slack target `targetId`; nothing when the target is switched off or gone. Answers whether it was queued. */
  async enqueue(executor: Executor, targetId: string, message: SlackMessage): Promise<boolean> {
    const [target] = await executor
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, targetId), eq(webhookEndpoints.format, 'slack'), eq(webhookEndpoints.enabled, true)));
    if (!target) return false;
    const now = this.deps.clock.now();
    await executor
      .insert(webhookDeliveries)
      .values({ endpointId: targetId, eventId: message.eventId, eventType: message.eventType, body: JSON.stringify({ text: message.text }), status: 'pending', nextAttemptAt: now, tryingSince: now, createdAt: now })
      .onConflictDoNothing();
    return true;
  }
}
