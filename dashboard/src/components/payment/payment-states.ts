import type { PaymentState } from '../../../../common/payment-states.ts';
import type { Payment, PaymentStatus } from '../../../../bff/src/platform/schemas.ts';

export type { PaymentState };

/** Where a payment stands, in the words staff use; the server derives the state from the five flags. */
export const paymentStateWords: Record<PaymentState, string> = {
  awaiting_approval: 'awaiting approval',
  awaiting_transaction: 'awaiting transaction',
  transaction_unverified: 'transaction unverified',
  awaiting_completion: 'awaiting completion',
  completed: 'completed',
  cancelled: 'cancelled',
  cancelled_by_user: 'cancelled by user',
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
