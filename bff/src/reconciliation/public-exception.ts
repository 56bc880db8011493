import { fixedAmount } from '../../../common/amount.ts';
import type { reconciliationExceptions } from '../store/schema.ts';

type ExceptionRecord = typeof reconciliationExceptions.$inferSelect;

/**
 * Something reconciliation found that the books do not explain, as the event
 * `reconciliation.exception_opened` carries it. Its schema is public-api/operations-schemas.ts.
 */
export interface PublicReconciliationException {
  id: string;
  kind: ExceptionRecord['kind'];
  state: ExceptionRecord['state'];
  txHash: string | null;
  /** A decimal string with all 7 places; null when the exception names no amount. */
  amount: string | null;
  counterparty: string | null;
  paymentId: string | null;
  rewardId: string | null;
  detail: string;
  firstSeenAt: string;
}

export function publicExceptionOf(row: ExceptionRecord): PublicReconciliationException {
  const { id, kind, state, txHash, counterparty, paymentId, rewardId, detail } = row;
  return { id, kind, state, txHash, amount: row.amountStroops === null ? null : fixedAmount(row.amountStroops), counterparty, paymentId, rewardId, detail, firstSeenAt: row.firstSeenAt.toISOString() };
}
