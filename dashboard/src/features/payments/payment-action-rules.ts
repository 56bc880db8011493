import { isFinalState } from '../../../../common/payment-states.ts';
import type { Payment } from './api/get-payment.ts';

/** Cancel is offered until a payment is completed or cancelled; the platform has the last word (e.g. `payment_tx_present`). */
export function canOfferCancel(payment: Payment): boolean {
  return !isFinalState(payment.state);
}

/** Complete is offered only for a verified blockchain transaction on a payment neither completed nor cancelled. */
export function canOfferComplete({ status, transaction }: Payment): boolean {
  return (
    transaction !== null &&
    transaction.verified &&
    status.transaction_verified &&
    !status.developer_completed &&
    !status.cancelled &&
    !status.user_cancelled
  );
}

/** Refunds are for completed user-to-app payments: the money the user paid the app, given back to them (the server checks the payment again). */
export function isRefundable({ direction, state }: Pick<Payment, 'direction' | 'state'>): boolean {
  return direction === 'user_to_app' && state === 'completed';
}
