import type { PaymentState } from '../../../common/payment-states.ts';
import type { Payment } from '../platform/schemas.ts';

/** One word for where a payment stands, derived from its five flags and its transaction. */
export function derivePaymentState({ status, transaction }: Pick<Payment, 'status' | 'transaction'>): PaymentState {
  if (status.developer_completed) return 'completed';
  if (status.user_cancelled) return 'cancelled_by_user';
  if (status.cancelled) return 'cancelled';
  if (!status.developer_approved) return 'awaiting_approval';
  if (!transaction) return 'awaiting_transaction';
  if (!status.transaction_verified || !transaction.verified) return 'transaction_unverified';
  return 'awaiting_completion';
}
