import { and, count, eq, inArray } from 'drizzle-orm';
import { paymentTarget } from '../payments/payment-timeline.ts';
import type { Database } from '../store/database.ts';
import { auditEvents, paymentEvents } from '../store/schema.ts';

/** What the console itself knows of a payment: when and how it first saw it, and how often staff acted on it. */
export interface ConsoleKnowledge {
  firstSeenAt: string | null;
  firstSeenSource: string | null;
  staffActions: number;
}

export async function consoleKnowledgeOf(db: Database, ids: string[]): Promise<Map<string, ConsoleKnowledge>> {
  const known = new Map<string, ConsoleKnowledge>();
  if (ids.length === 0) return known;
  const [firstSeen, actions] = await Promise.all([
    db
      .select({ paymentId: paymentEvents.paymentId, at: paymentEvents.at, source: paymentEvents.source })
      .from(paymentEvents)
      .where(and(inArray(paymentEvents.paymentId, ids), eq(paymentEvents.kind, 'first_seen'))),
    db
      .select({ target: auditEvents.target, n: count() })
      .from(auditEvents)
      .where(inArray(auditEvents.target, ids.map(paymentTarget)))
      .groupBy(auditEvents.target),
  ]);
  for (const id of ids) known.set(id, { firstSeenAt: null, firstSeenSource: null, staffActions: 0 });
  for (const row of firstSeen) known.set(row.paymentId, { ...(known.get(row.paymentId) as ConsoleKnowledge), firstSeenAt: row.at.toISOString(), firstSeenSource: row.source });
  for (const row of actions) {
    const id = row.target?.slice('payment:'.length) ?? '';
    const entry = known.get(id);
    if (entry) entry.staffActions = row.n;
  }
  return known;
}
