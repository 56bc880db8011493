import type { EventType } from '../events/event-types.ts';
import type { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../store/schema.ts';
import type { AttemptOutcome } from './receiver-call.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** An admin's webhook endpoint as the API shows it: never its secret, only the secret's hint. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: EventType[];
  enabled: boolean;
  disabledReason: 'admin' | 'gone' | 'failing' | null;
  description: string | null;
  secretHint: string;
  /** Until when the secret before the last rotation is also signed with; null when it no longer is. */
  previousSecretValidUntil: string | null;
  failingSince: string | null;
  createdAt: string;
  createdBy: { id: string; email: string } | null;
  counts: { pending: number; failed: number };
}

export interface WebhookAttempt {
  at: string;
  outcome: AttemptOutcome;
  status: number | null;
  latencyMs: number;
  /** The first 1 KiB of the answer, or what went wrong. */
  response: string;
}

/** One message to one endpoint: `failed` when it gave up or its endpoint was switched off. */
export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  /** An event type, or `webhook.test` for a test event. */
  eventType: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastAttempt: WebhookAttempt | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export function attemptView(row: AttemptRow): WebhookAttempt {
  return { at: row.at.toISOString(), outcome: row.outcome, status: row.status, latencyMs: row.latencyMs, response: row.response };
}

export function deliveryView(row: DeliveryRow, lastAttempt: AttemptRow | null): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastAttempt: lastAttempt ? attemptView(lastAttempt) : null,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
