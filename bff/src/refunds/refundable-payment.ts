import type { PaymentState } from '../../../common/payment-states.ts';
import { refusal, type Refusal } from '../domain/refusal.ts';
import { derivePaymentState } from '../payments/payment-state.ts';
import type { Payment } from '../platform/schemas.ts';

/** Why a payment that is not completed cannot be refunded yet, or ever, after "Only a completed payment can be refunded: ". */
const NOT_COMPLETED: Record<Exclude<PaymentState, 'completed'>, string> = {
  awaiting_approval: 'this one still awaits the app’s approval, and the user has paid nothing.',
  awaiting_transaction: 'the user has not paid this one yet.',
  transaction_unverified: 'the platform has not verified this one’s transaction yet.',
  awaiting_completion: 'this one’s transaction is verified but the payment is not completed yet; complete it first.',
  cancelled: 'this one was cancelled, so the app kept nothing to give back.',
  cancelled_by_user: 'the user cancelled this one, so the app kept nothing to give back.',
};

/**
 * Whether the console may refund this payment, as the platform has it: only a payment from a user to
 * the app, completed with a verified transaction, so the money is the app's. Null when it may; else
 * the refusal, in words.
 */
export function refundRefusal(payment: Payment): Refusal | null {
  if (payment.direction !== 'user_to_app') {
    return refusal('rejected', 'not_user_to_app', 'Only a payment from a user to the app can be refunded: this one went from the app to the user.');
  }
  const state = derivePaymentState(payment);
  if (state !== 'completed') return refusal('rejected', 'payment_not_completed', `Only a completed payment can be refunded: ${NOT_COMPLETED[state]}`);
  if (!payment.status.transaction_verified || !payment.transaction?.verified) {
    return refusal('rejected', 'payment_not_completed', 'Only a completed payment with a verified transaction can be refunded: the platform has not verified this one’s transaction.');
  }
  return null;
}
