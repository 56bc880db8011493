import { and, eq, sql } from 'drizzle-orm';
import { fromScaled, toScaled } from '../../../common/amount.ts';
import { REFUSALS_NO_RETRY_MENDS } from '../../../common/retry-hope.ts';
import { refusal } from '../domain/refusal.ts';
import type { Executor, Transaction } from '../store/executor.ts';
import { rewards } from '../store/schema.ts';

const MENDLESS = sql.join(
  REFUSALS_NO_RETRY_MENDS.map((code) => sql`${code}`),
  sql`, `,
);

/**
 * A refund counts against its payment while it is paid or may still pay: all but those that ended
 * unpaid for good, cancelled, rejected, or failed with a refusal no retry mends. A failed refund that a
 * retry could still pay counts until someone cancels it, since a retry does not ask the cap again.
 */
const MAY_PAY = sql`${rewards.state} NOT IN ('cancelled', 'rejected') AND NOT (${rewards.state} = 'failed' AND coalesce(${rewards.errorCode}, '') IN (${MENDLESS}))`;

/** What the payment's refunds that count add up to, in stroops. */
export async function refundedOf(executor: Executor, paymentId: string): Promise<bigint> {
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${rewards.amount}), 0)::text` })
    .from(rewards)
    .where(and(eq(rewards.refundOf, paymentId), MAY_PAY));
  return toScaled(row?.total ?? '0');
}

/**
 * Refuses a refund of `amount` that would take the payment's refunds over its amount, saying what is
 * left. Under the payment's lock, held until `tx` ends: the refund's reward is inserted in the same
 * transaction, so two refunds of one payment are decided one after the other, whichever instance
 * takes them.
 */
export async function checkRefundFits(tx: Transaction, payment: { identifier: string; amount: string }, amount: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`plat-console:refunds:${payment.identifier}`}))`);
  const refunded = await refundedOf(tx, payment.identifier);
  const left = toScaled(payment.amount) - refunded;
  if (toScaled(amount) <= left) return;
  const details = { paymentAmount: payment.amount, refunded: fromScaled(refunded), remaining: fromScaled(left > 0n ? left : 0n) };
  const message =
    left > 0n
      ? `Only ${details.remaining} of this payment’s ${payment.amount} is left to refund (${details.refunded} is refunded or on its way); this refund is ${amount}.`
      : `This payment’s ${payment.amount} is refunded in full already (refunded or on its way): nothing is left to refund.`;
  throw refusal('rejected', 'over_refundable', message, details);
}
