import type { PaymentState } from '../../../../common/payment-states.ts';
import type { Payment, PaymentStatus } from '../../../../bff/src/public-types.ts';

export type { PaymentState };

/** Where a payment stands, in the words staff use, written as reward and batch states are; the server derives the state from the five flags. */
export const paymentStateWords: Record<PaymentState, string> = {
  awaiting_approval: 'Awaiting approval',
  awaiting_transaction: 'Awaiting transaction',
  transaction_unverified: 'Transaction unverified',
  awaiting_completion: 'Awaiting completion',
  completed: 'Completed',
  cancelled: 'Cancelled',
  cancelled_by_user: 'Cancelled by user',
};

/** Every state, in the order a payment moves through them. */
export const paymentStates = Object.keys(paymentStateWords) as PaymentState[];

export type PaymentFlag = keyof PaymentStatus;

/** The platform's five status flags, named as the platform names them, in plain words. */
export const paymentFlagLabels: Record<PaymentFlag, string> = {
  developer_approved: 'Developer approved',
  transaction_verified: 'Transaction verified',
  developer_completed: 'Developer completed',
  cancelled: 'Cancelled',
  user_cancelled: 'User cancelled',
};

/** One short word per flag, for table rows and filter chips, readable without hovering. */
export const paymentFlagShortWords: Record<PaymentFlag, string> = {
  developer_approved: 'approved',
  transaction_verified: 'verified',
  developer_completed: 'completed',
  cancelled: 'cancelled',
  user_cancelled: 'user cancelled',
};

export const paymentFlags = Object.keys(paymentFlagLabels) as PaymentFlag[];

export type PaymentDirection = Payment['direction'];

export const paymentDirectionLabels: Record<PaymentDirection, string> = {
  user_to_app: 'User to app',
  app_to_user: 'App to user',
};

export const paymentDirections = Object.keys(paymentDirectionLabels) as PaymentDirection[];
