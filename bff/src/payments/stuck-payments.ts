import { and, lte, notInArray, sql } from 'drizzle-orm';
import { FINAL_STATES } from '../../../common/payment-states.ts';
import { recordEventOnce } from '../events/event-log.ts';
import type { Database } from '../store/database.ts';
import { payments } from '../store/schema.ts';
import { selectIndexedPayments } from './payment-query.ts';
import { viewOfRow } from './payment-view.ts';
import { publicPaymentOf } from './public-payment.ts';

/** How many stuck payments one check records at most; the next check takes the rest. */
const PER_CHECK = 500;

const onceKey = (paymentId: string) => `payment.stuck:${paymentId}`;

/**
 * Records `payment.stuck` for each indexed payment that is not final and has not changed for
 * `stuckAfterMinutes`: once per payment (a key kept with the event), however often it is checked.
 * Answers how many it recorded.
 */
export async function recordStuckPayments(db: Database, { now, stuckAfterMinutes }: { now: Date; stuckAfterMinutes: number }): Promise<number> {
  const cutoff = new Date(now.getTime() - stuckAfterMinutes * 60_000);
  const stuck = await selectIndexedPayments(db)
    .where(and(notInArray(payments.state, [...FINAL_STATES]), lte(payments.lastChangedAt, cutoff), sql`NOT EXISTS (SELECT 1 FROM event_conditions c WHERE c.key = 'payment.stuck:' || ${payments.id})`))
    .limit(PER_CHECK);
  if (stuck.length === 0) return 0;
  return db.transaction(async (tx) => {
    let recorded = 0;
    for (const row of stuck) {
      if (await recordEventOnce(tx, onceKey(row.id), { type: 'payment.stuck', subjectId: row.id, data: { ...publicPaymentOf(viewOfRow(row)) }, at: now })) recorded++;
    }
    return recorded;
  });
}
