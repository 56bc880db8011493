/** One word for where a payment stands, derived from its five flags and its transaction, in the order a payment moves through them. */
export const PAYMENT_STATES = [
  'awaiting_approval',
  'awaiting_transaction',
  'transaction_unverified',
  'awaiting_completion',
  'completed',
  'cancelled',
  'cancelled_by_user',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A payment in one of these states never changes again. */
export const FINAL_STATES: readonly PaymentState[] = ['completed', 'cancelled', 'cancelled_by_user'];

export function isFinalState(state: PaymentState): boolean {
  return FINAL_STATES.includes(state);
}
