import { describe, expect, it } from 'vitest';
import { FINAL_STATES, isFinalState, PAYMENT_STATES } from '../../common/payment-states.ts';

describe('payment states', () => {
  it('lists the states in the order a payment moves through them', () => {
    expect(PAYMENT_STATES).toEqual(['awaiting_approval', 'awaiting_transaction', 'transaction_unverified', 'awaiting_completion', 'completed', 'cancelled', 'cancelled_by_user']);
  });

  it('counts completed and both cancellations as final, and nothing else', () => {
    expect(PAYMENT_STATES.filter(isFinalState)).toEqual(['completed', 'cancelled', 'cancelled_by_user']);
    expect([...FINAL_STATES].sort()).toEqual(PAYMENT_STATES.filter(isFinalState).sort());
  });
});
