import { describe, expect, it } from 'vitest';
import type { PaymentState } from '../../../common/payment-states.ts';
import { derivePaymentState } from '../../../bff/src/payments/payment-state.ts';
import type { Payment } from '../../../bff/src/platform/schemas.ts';

const FLAGS = ['developer_approved', 'transaction_verified', 'developer_completed', 'cancelled', 'user_cancelled'] as const;
const TRANSACTIONS = { none: null, unverified: { txid: 'a'.repeat(64), verified: false, _link: '' }, verified: { txid: 'b'.repeat(64), verified: true, _link: '' } };

/** The rule, written out independently: final states first, then how far the payment got. */
function expected(status: Payment['status'], tx: keyof typeof TRANSACTIONS): PaymentState {
  if (status.developer_completed) return 'completed';
  if (status.user_cancelled) return 'cancelled_by_user';
  if (status.cancelled) return 'cancelled';
  if (!status.developer_approved) return 'awaiting_approval';
  if (tx === 'none') return 'awaiting_transaction';
  if (tx === 'unverified' || !status.transaction_verified) return 'transaction_unverified';
  return 'awaiting_completion';
}

describe('derivePaymentState', () => {
  const cases = [];
  for (let bits = 0; bits < 32; bits++) {
    const status = Object.fromEntries(FLAGS.map((flag, index) => [flag, (bits & (1 << index)) !== 0])) as Payment['status'];
    for (const tx of Object.keys(TRANSACTIONS) as Array<keyof typeof TRANSACTIONS>) cases.push({ status, tx });
  }

  it.each(cases)('$status with transaction $tx', ({ status, tx }) => {
    expect(derivePaymentState({ status, transaction: TRANSACTIONS[tx] })).toBe(expected(status, tx));
  });

  it('names the common lifecycle states', () => {
    const base = { developer_approved: false, transaction_verified: false, developer_completed: false, cancelled: false, user_cancelled: false };
    expect(derivePaymentState({ status: base, transaction: null })).toBe('awaiting_approval');
    expect(derivePaymentState({ status: { ...base, developer_approved: true }, transaction: null })).toBe('awaiting_transaction');
    expect(derivePaymentState({ status: { ...base, developer_approved: true, transaction_verified: true }, transaction: TRANSACTIONS.verified })).toBe('awaiting_completion');
  });
});
