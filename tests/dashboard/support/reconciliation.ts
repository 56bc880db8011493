import type { ReconciliationException } from '../../../dashboard/src/display/reconciliation/exception-types.ts';
import type { RollForward } from '../../../dashboard/src/features/reconciliation/api/get-summary.ts';

export const DOUBLE_PAID_ID = 'ReCoNpAyMeNtIdEnTiFiEr000001';
export const DOUBLE_PAID_REWARD = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
export const EXCEPTION_ID = '0b6a3a52-5f4e-4c1d-9b8a-7e6f5d4c3b2a';
export const USER_ADDRESS = 'GUSERWALLETBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBK2M4';
export const TX_HASH = 'd'.repeat(64);

/** A wallet whose books tie over all time. */
export function rollForward(overrides: Partial<RollForward> = {}): RollForward {
  return {
    from: null,
    to: null,
    opening: '1000.0000000',
    incoming: '5.2500000',
    outgoing: '2.5000000',
    fees: '0.0200000',
    closing: '1002.7300000',
    chainBalance: '1002.7300000',
    difference: '0.0000000',
    ...overrides,
  };
}

/** A reward's payment paid a second time, out of band; open. */
export function reconciliationException(overrides: Partial<ReconciliationException> = {}): ReconciliationException {
  return {
    id: EXCEPTION_ID,
    kind: 'double_payment',
    state: 'open',
    txHash: TX_HASH,
    transactionLink: `https://horizon.example/transactions/${TX_HASH}`,
    amount: '1.2500000',
    counterparty: USER_ADDRESS,
    paymentId: DOUBLE_PAID_ID,
    rewardId: DOUBLE_PAID_REWARD,
    detail: 'A second successful payment out for this payment.',
    firstSeenAt: '2026-05-15T08:00:05.000Z',
    note: null,
    acknowledged: null,
    resolved: null,
    ...overrides,
  };
}
