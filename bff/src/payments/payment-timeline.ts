import { desc, eq } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { auditEvents, paymentEvents } from '../store/schema.ts';
import type { PaymentState } from './payment-state.ts';

export type TimelineEntry =
  | { at: string; kind: 'first_seen'; state: PaymentState; source: string }
  | { at: string; kind: 'changed'; state: PaymentState; changes: string[]; source: string }
  | { at: string; kind: 'staff_action'; action: string; outcome: string; actor: string | null; upstreamCode: string | null; details: Record<string, unknown> };

const LIMIT = 200;

export function paymentTarget(paymentId: string): string {
  return `payment:${paymentId}`;
}

/** What the console observed of a payment and what staff did to it, newest first. */
export async function paymentTimeline(db: Database, paymentId: string): Promise<TimelineEntry[]> {
  const [observed, actions] = await Promise.all([
    db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(desc(paymentEvents.id)).limit(LIMIT),
    db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, paymentTarget(paymentId)))
      .orderBy(desc(auditEvents.id))
      .limit(LIMIT),
  ]);
  const entries: TimelineEntry[] = [
    ...observed.map((event): TimelineEntry => {
      const at = event.at.toISOString();
      return event.kind === 'first_seen'
        ? { at, kind: 'first_seen', state: event.state, source: event.source }
        : { at, kind: 'changed', state: event.state, changes: event.changes, source: event.source };
    }),
    ...actions.map(
      (event): TimelineEntry => ({
        at: event.at.toISOString(),
        kind: 'staff_action',
        action: event.action,
        outcome: event.outcome,
        actor: event.actorEmail,
        upstreamCode: event.upstreamCode,
        details: event.details,
      }),
    ),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, LIMIT);
}
