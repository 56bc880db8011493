import type { Payment, PaymentDetail, TimelineEntry } from '../../../dashboard/src/features/payments/api/get-payment.ts';
import type { IndexedPayment } from '../../../dashboard/src/features/payments/api/get-payments.ts';

export const PAYMENT_ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz12';
export const USER_UID = '6f1c2b9e-4a7d-4c1e-9a0b-2d3e4f5a6b7c';
export const TXID = 'a'.repeat(32) + 'b'.repeat(32);

/** A user-to-app payment with a verified transaction, waiting to be completed, unless `overrides` say otherwise. */
export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    identifier: PAYMENT_ID,
    user_uid: USER_UID,
    amount: '3.1415926',
    memo: 'Coffee for two',
    metadata: { orderId: 'order-42', items: [{ sku: 'cof', qty: 2 }] },
    from_address: `G${'A'.repeat(55)}`,
    to_address: `G${'B'.repeat(55)}`,
    direction: 'user_to_app',
    created_at: '2026-05-14T22:59:27.102Z',
    network: 'Plat Testnet',
    status: { developer_approved: true, transaction_verified: true, developer_completed: false, cancelled: false, user_cancelled: false },
    transaction: { txid: TXID, verified: true, _link: `https://horizon.example/transactions/${TXID}` },
    state: 'awaiting_completion',
    ...overrides,
  };
}

export function indexedPayment(overrides: Partial<IndexedPayment> = {}): IndexedPayment {
  return { ...payment(), userNames: null, firstSeenAt: '2026-05-14T23:00:00.000Z', lastSyncedAt: '2026-05-15T08:00:00.000Z', ...overrides };
}

export const timeline: TimelineEntry[] = [
  { at: '2026-05-14T23:00:00.000Z', kind: 'first_seen', state: 'transaction_unverified', source: 'lookup' },
  { at: '2026-05-15T07:00:00.000Z', kind: 'changed', state: 'awaiting_completion', changes: ['transaction_verified', 'transaction'], source: 'refresh' },
  {
    at: '2026-05-15T08:00:00.000Z',
    kind: 'staff_action',
    action: 'payment.cancel',
    outcome: 'refused',
    actor: 'ops@sandbox.local',
    upstreamCode: 'payment_tx_present',
    details: { reason: 'Ticket 1234: user asked', message: 'cannot cancel: a blockchain transaction has been recorded' },
  },
];

export function detail(current: Payment = payment(), entries: TimelineEntry[] = timeline, userNames: PaymentDetail['userNames'] = null): PaymentDetail {
  return { payment: current, timeline: entries, userNames };
}
