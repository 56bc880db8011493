import type { Payment } from '../platform/schemas.ts';
import { derivePaymentState } from '../payments/payment-state.ts';

export type ClearingAction = 'complete' | 'submit_and_complete' | 'cancel' | 'none';

export interface ClearingPlan {
  action: ClearingAction;
  /** Why, in words staff can act on. */
  reason: string;
}

/**
 * What clears an incomplete server payment, decided on a fresh read (a listed copy can be stale).
 * `walletAddress` is the console's app wallet, when it has one: it can then pay what it would send.
 */
export function clearingPlan(payment: Payment, walletAddress: string | null): ClearingPlan {
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
  if (walletAddress !== null && payment.direction === 'app_to_user' && payment.from_address === walletAddress) {
    return {
      action: 'submit_and_complete',
      reason:
        "No blockchain transaction was ever recorded, and it is to be paid from the console's app wallet: submit and complete pays the user once, through the rewards pipeline. Choose cancel instead if it should not be paid.",
    };
  }
  return { action: 'cancel', reason: "No blockchain transaction was ever recorded: cancel it so it stops blocking the app's next payment." };
}
