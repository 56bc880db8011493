import type { PaymentState } from '../../../common/payment-states.ts';
import type { Payment } from '../platform/schemas.ts';
import type { PaymentView } from './payment-view.ts';

/**
 * A payment as the public API answers it and as its events (payment.stuck, incomplete.found) carry it:
 * the platform's PaymentDTO, its amount a decimal string, and its state in one word. Its schema is
 * public-api/payment-schemas.ts.
 */
export type PublicPayment = Payment & { state: PaymentState };

/** The payment's own fields, without what the console adds for its pages (when it first and last read it). */
export function publicPaymentOf(view: PaymentView): PublicPayment {
  const { identifier, user_uid, amount, memo, metadata, from_address, to_address, direction, created_at, network, status, transaction, state } = view;
  return { identifier, user_uid, amount, memo, metadata, from_address, to_address, direction, created_at, network, status, transaction, state };
}
