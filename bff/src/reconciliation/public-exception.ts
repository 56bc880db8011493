import { fixedAmount } from '../../../common/amount.ts';
import type { reconciliationExceptions } from '../store/schema.ts';
import type { ExceptionView } from './exception-view.ts';

type ExceptionRecord = typeof reconciliationExceptions.$inferSelect;

/**
 * Something reconciliation found that the books do not explain, as the event
 * `reconciliation.exception_opened` carries it. Its schema is public-api/operations-schemas.ts.
 */
export type PublicReconciliationException = Pick<ExceptionView, 'id' | 'kind' | 'state' | 'txHash' | 'amount' | 'counterparty' | 'paymentId' | 'rewardId' | 'detail' | 'firstSeenAt'>;

export function publicExceptionOf(row: ExceptionRecord): PublicReconciliationException {
  const { id, kind, state, txHash, counterparty, paymentId, rewardId, detail } = row;
  return { id, kind, state, txHash, amount: row.amountStroops === null ? null : fixedAmount(row.amountStroops), counterparty, paymentId, rewardId, detail, firstSeenAt: row.firstSeenAt.toISOString() };
}
