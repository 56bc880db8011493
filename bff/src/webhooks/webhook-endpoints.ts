import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { AuditedSetting } from '../audit/audited-setting.ts';
import type { Clock } from '../clock.ts';
import { refusal, Refusal } from '../domain/refusal.ts';
import { isEventType } from '../events/event-types.ts';
import type { Database } from '../store/database.ts';
import type { Executor } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import { staff, webhookEndpoints } from '../store/schema.ts';
import { switchOff } from './endpoint-switch.ts';
import { receiverUrlProblem } from './receiver-address.ts';
import type { EndpointChange, NewEndpoint } from './webhook-input.ts';
import type { WebhookSettings } from './webhook-settings.ts';
import { newWebhookSecret } from './webhook-signing.ts';
import type { EndpointRow, WebhookEndpoint } from './webhook-views.ts';
import { secretsKeyMissing } from '../domain/secrets-key-missing.ts';
import type { SecretSealer } from '../secret-sealer.ts';

export interface WebhookEndpointsDeps {
  db: Database;
  clock: Clock;
  audit: AuditLog;
  settings: AuditedSetting<WebhookSettings>;
  sealer: SecretSealer;
}

/** The admins' endpoints: Standard Webhooks targets, not the staff members' Slack targets. */
export const adminEndpoint: SQL = and(eq(webhookEndpoints.format, 'standard-webhooks'), isNull(webhookEndpoints.ownerStaffId)) as SQL;

export function endpointNotFound(): Refusal {
  return refusal('not_found', 'webhook_endpoint_not_found', 'No webhook endpoint with this id.');
}

/** Refuses a URL a webhook may not be sent to (see receiver-address.ts), naming `field`. */
export async function checkReceiverUrl(url: string, settings: AuditedSetting<WebhookSettings>, field: string, executor?: Executor): Promise<void> {
  const problem = await receiverUrlProblem(url, (await settings.get(executor)).allowedPrivateNetworks);
  if (problem) throw new Refusal({ kind: 'invalid_input', code: 'invalid_input', message: `${field}: ${problem}`, field });
}

/**
 * Admins' webhook endpoints: a URL, the event types it gets, an on/off switch, and a Standard Webhooks
 * secret shown once (when made and when rotated). Every change is audited; the secret never is.
 * Creating and rotating are where the step-up guard of a second factor goes (webhook-routes.ts).
 */
export class WebhookEndpoints {
  constructor(private readonly deps: WebhookEndpointsDeps) {}

  list(): Promise<WebhookEndpoint[]> {
    return this.views(adminEndpoint);
  }

  async get(id: string): Promise<WebhookEndpoint> {
    const [view] = await this.views(and(adminEndpoint, eq(webhookEndpoints.id, id)) as SQL);
    if (!view) throw endpointNotFound();
    return view;
  }

  async create(input: NewEndpoint, origin: AuditOrigin): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const { db, clock, audit, settings, sealer } = this.deps;
    if (!sealer.canSeal) throw secretsKeyMissing('Webhook endpoints');
    await checkReceiverUrl(input.url, settings, 'url');
    const { secret, hint } = newWebhookSecret();
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({ url: input.url, format: 'standard-webhooks', events: input.events, description: input.description ?? null, secret: sealer.seal(secret), secretHint: hint, createdAt: clock.now(), createdBy: origin.actor?.role === 'api_key' ? null : (origin.actor?.id ?? null) })
        .returning({ id: webhookEndpoints.id });
      if (!row) throw new Error('insert returned no row');
      await audit.append({ ...origin, action: 'webhook_endpoint.create', target: `webhook_endpoint:${row.id}`, outcome: 'ok', details: { url: input.url, events: input.events, description: input.description ?? null } }, tx);
      return row.id;
    });
    return { endpoint: await this.get(id), secret };
  }

  async update(id: string, change: EndpointChange, origin: AuditOrigin): Promise<WebhookEndpoint> {
    const { db, audit, settings } = this.deps;
    if (change.url !== undefined) await checkReceiverUrl(change.url, settings, 'url');
    await db.transaction(async (tx) => {
      const before = await this.row(tx, id);
      const { enabled, ...fields } = change;
      const switchedOn = enabled === true && !before.enabled ? { enabled: true, disabledReason: null, failingSince: null } : {};
      if (Object.keys(fields).length > 0 || enabled === true) await tx.update(webhookEndpoints).set({ ...fields, ...switchedOn }).where(eq(webhookEndpoints.id, id));
      if (enabled === false) await switchOff(tx, id, 'admin');
      const details = { url: change.url ?? before.url, changes: { ...fields, ...(enabled === undefined ? {} : { enabled }) } };
      await audit.append({ ...origin, action: 'webhook_endpoint.update', target: `webhook_endpoint:${id}`, outcome: 'ok', details }, tx);
    });
    return this.get(id);
  }

  /** A new secret at once; for `overlapHours` every delivery is signed with the old one too, so receivers can switch without a gap. */
  async rotateSecret(id: string, overlapHours: number, origin: AuditOrigin): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const { db, clock, audit, sealer } = this.deps;
    if (!sealer.canSeal) throw secretsKeyMissing('Webhook secrets');
    const { secret, hint } = newWebhookSecret();
    const previousValidUntil = overlapHours > 0 ? new Date(clock.now().getTime() + overlapHours * 3_600_000) : null;
    await db.transaction(async (tx) => {
      const before = await this.row(tx, id);
      await tx
        .update(webhookEndpoints)
        .set({ secret: sealer.seal(secret), secretHint: hint, previousSecret: previousValidUntil ? sql`${webhookEndpoints.secret}` : null, previousSecretValidUntil: previousValidUntil })
        .where(eq(webhookEndpoints.id, id));
      await audit.append({ ...origin, action: 'webhook_endpoint.rotate_secret', target: `webhook_endpoint:${id}`, outcome: 'ok', details: { url: before.url, overlapHours, previousValidUntil: previousValidUntil?.toISOString() ?? null } }, tx);
    });
    return { endpoint: await this.get(id), secret };
  }

  async remove(id: string, origin: AuditOrigin): Promise<void> {
    const { db, audit } = this.deps;
    await db.transaction(async (tx) => {
      const before = await this.row(tx, id);
      await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      await audit.append({ ...origin, action: 'webhook_endpoint.delete', target: `webhook_endpoint:${id}`, outcome: 'ok', details: { url: before.url } }, tx);
    });
  }

  /** An admin's endpoint by id, read in `executor`; 404 otherwise. */
  async row(executor: Executor, id: string): Promise<EndpointRow> {
    const [row] = await executor.select().from(webhookEndpoints).where(and(adminEndpoint, eq(webhookEndpoints.id, id)));
    if (!row) throw endpointNotFound();
    return row;
  }

  private async views(where: SQL): Promise<WebhookEndpoint[]> {
    const { db, clock } = this.deps;
    const rows = await db
      .select({ endpoint: webhookEndpoints, creator: { id: staff.id, email: staff.email } })
      .from(webhookEndpoints)
      .leftJoin(staff, eq(staff.id, webhookEndpoints.createdBy))
      .where(where)
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
    const counts = await this.counts();
    const now = clock.now();
    return rows.map(({ endpoint, creator }) => ({
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events.filter(isEventType),
      enabled: endpoint.enabled,
      disabledReason: endpoint.disabledReason,
      description: endpoint.description,
      secretHint: endpoint.secretHint ?? '',
      previousSecretValidUntil: endpoint.previousSecretValidUntil && endpoint.previousSecretValidUntil > now ? endpoint.previousSecretValidUntil.toISOString() : null,
      failingSince: endpoint.failingSince?.toISOString() ?? null,
      createdAt: endpoint.createdAt.toISOString(),
      createdBy: creator,
      counts: counts.get(endpoint.id) ?? { pending: 0, failed: 0 },
    }));
  }

  private async counts(): Promise<Map<string, { pending: number; failed: number }>> {
    const result = await this.deps.db.execute(sql`
      SELECT endpoint_id, count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'failed')::int AS failed
      FROM webhook_deliveries WHERE status <> 'delivered' GROUP BY endpoint_id`);
    return new Map(rowsOf<{ endpoint_id: string; pending: number; failed: number }>(result).map((row) => [row.endpoint_id, { pending: row.pending, failed: row.failed }]));
  }
}
