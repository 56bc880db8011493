import type { Payment } from '../platform/schemas.ts';
import { derivePaymentState } from '../payments/payment-state.ts';

export type ClearingAction = 'complete' | 'cancel' | 'none';

export interface ClearingPlan {
  action: ClearingAction;
  /** Why, in words staff can act on. */
  reason: string;
}

/** What clears an incomplete server payment, decided on a fresh read (a listed copy can be stale). */
export function clearingPlan(payment: Payment): ClearingPlan {
  const state = derivePaymentState(payment);
  if (state === 'completed') return { action: 'none', reason: 'It is completed already; nothing to do.' };
  if (state === 'cancelled' || state === 'cancelled_by_user') return { action: 'none', reason: 'It is cancelled already; nothing to do.' };
  if (payment.transaction?.verified && payment.status.transaction_verified) {
    return { action: 'complete', reason: 'A verified blockchain transaction is recorded: complete the payment with its own txid.' };
  }
  if (payment.transaction) {
    return {
      action: 'none',
      reason: 'A blockchain transaction is recorded but not verified: it can be neither cancelled nor completed until the platform verifies it.',
    };
  }
  return { action: 'cancel', reason: "No blockchain transaction was ever recorded: cancel it so it stops blocking the app's next payment." };
}
