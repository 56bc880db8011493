import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import { rowsOf } from '../store/result-rows.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../store/schema.ts';
import { markFailing, switchOffByConsole } from './endpoint-switch.ts';
import type { AttemptResult } from './receiver-call.ts';
import { DISABLE_AFTER_FAILING_MS, nextAttemptAfterFailure } from './retry-schedule.ts';
import type { SecretSealer } from '../secret-sealer.ts';

/** A delivery an instance holds for one attempt, with where and how to send it. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  body: string;
  attempts: number;
  tryingSince: Date;
  endpoint: { id: string; url: string; format: 'standard-webhooks' | 'slack'; secrets: string[] };
}

interface DueRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  body: string;
  attempts: number;
  trying_since: string | Date;
}

/**
 * The deliveries waiting to be sent, shared by every instance on the store: each instance claims due
 * ones with a lease (FOR UPDATE SKIP LOCKED, so two never claim the same one), makes the attempt
 * outside any transaction, and records its outcome. A dead instance's lease ends, and another instance
 * (or it, restarted) makes the attempt again.
 */
export class DeliveryQueue {
  constructor(
    private readonly deps: { db: Database; clock: Clock; audit: AuditLog; sealer: SecretSealer },
    /** Longer than an attempt's deadline, by the database's clock. */
    private readonly leaseSeconds: number,
  ) {}

  /** At start, when no other process shares the store (PGlite): no lease found is alive, so what they held is due now. */
  /** At a stop: the attempts `owner` still has under way are given up, to be made again. */
  async releaseHeldBy(owner: string): Promise<void> {
    await this.deps.db.update(webhookDeliveries).set({ leaseOwner: null, leaseUntil: null }).where(and(eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.leaseOwner, owner)));
  }

  async releaseAll(): Promise<void> {
    await this.deps.db.update(webhookDeliveries).set({ leaseOwner: null, leaseUntil: null }).where(eq(webhookDeliveries.status, 'pending'));
  }

  async claimDue(owner: string, limit: number): Promise<ClaimedDelivery[]> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const claimed = rowsOf<DueRow>(
      await db.execute(sql`
        WITH due AS (
          SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.status = 'pending' AND e.enabled AND d.next_attempt_at <= ${now.toISOString()}::timestamptz
            AND (d.lease_until IS NULL OR d.lease_until < now())
          ORDER BY d.next_attempt_at, d.id
          LIMIT ${limit}
          FOR UPDATE OF d SKIP LOCKED)
        UPDATE webhook_deliveries d SET lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${this.leaseSeconds})
        FROM due WHERE d.id = due.id
        RETURNING d.id, d.endpoint_id, d.event_id, d.body, d.attempts, d.trying_since`),
    );
    if (claimed.length === 0) return [];
    const endpoints = await db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpoint_id))]));
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return claimed.flatMap((row) => {
      const endpoint = byId.get(row.endpoint_id);
      if (!endpoint) return [];
      const overlap = endpoint.previousSecret !== null && endpoint.previousSecretValidUntil !== null && endpoint.previousSecretValidUntil > now;
      const sealed = [endpoint.secret, overlap ? endpoint.previousSecret : null].filter((secret): secret is string => secret !== null);
      const secrets = sealed.map((secret) => this.deps.sealer.open(secret));
      return [{ id: row.id, eventId: row.event_id, body: row.body, attempts: row.attempts, tryingSince: new Date(row.trying_since), endpoint: { id: endpoint.id, url: endpoint.url, format: endpoint.format, secrets } }];
    });
  }

  /**
   * Records an attempt made at `at` and what follows from it, in one transaction: a 2xx delivers; a 410
   * switches the endpoint off; anything else is tried again after the back-off, until the delivery has
   * been tried for 3 days, and an endpoint failing for 3 days is switched off. The delivery moves on only
   * if `owner` still holds it; the attempt is recorded in any case (it was made).
   */
  async record(delivery: ClaimedDelivery, owner: string, at: Date, result: AttemptResult): Promise<void> {
    const { db, audit } = this.deps;
    const attempts = delivery.attempts + 1;
    const endpointId = delivery.endpoint.id;
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({ deliveryId: delivery.id, at, outcome: result.outcome, status: result.status, latencyMs: result.latencyMs, response: result.response });
      const held = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.leaseOwner, owner));
      const released = { attempts, leaseOwner: null, leaseUntil: null };
      if (result.outcome === 'delivered') {
        await tx.update(webhookDeliveries).set({ ...released, status: 'delivered', nextAttemptAt: null }).where(held);
        await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
        return;
      }
      if (result.status === 410) {
        await tx.update(webhookDeliveries).set({ ...released, status: 'failed', nextAttemptAt: null }).where(held);
        await switchOffByConsole(tx, audit, endpointId, 'gone', at);
        return;
      }
      const next = nextAttemptAfterFailure(attempts, at, delivery.tryingSince);
      await tx
        .update(webhookDeliveries)
        .set({ ...released, status: next ? 'pending' : 'failed', nextAttemptAt: next })
        .where(held);
      const failingSince = await markFailing(tx, endpointId, at);
      if (failingSince && at.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) await switchOffByConsole(tx, audit, endpointId, 'failing', at);
    });
  }
}
