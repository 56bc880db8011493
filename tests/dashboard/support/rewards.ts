import type { Reward, RewardDetail, RewardEvent } from '../../../dashboard/src/display/reward/reward-types.ts';

export const REWARD_ID = '0b7e3c2a-5f1d-4c8e-9a6b-1d2e3f4a5b6c';
export const REWARD_UID = '6f1c2b9e-4a7d-4c1e-9a0b-2d3e4f5a6b7c';
export const REWARD_PAYMENT_ID = 'RwDpAyMeNtIdEnTiFiEr00000001';
export const BLOCKING_PAYMENT_ID = 'BlOcKiNgPaYmEnTiDeNtIfIeR002';
export const REWARD_TXID = 'd'.repeat(64);

/** A completed reward of 1.25 to the demo user, asked for by the manager, unless `overrides` say otherwise. */
export function reward(overrides: Partial<Reward> = {}): Reward {
  return {
    id: REWARD_ID,
    state: 'completed',
    uid: REWARD_UID,
    amount: '1.25',
    memo: 'Spring contest winner',
    metadata: { campaign: 'spring' },
    requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local', apiKey: null },
    approvedBy: null,
    rejection: null,
    batchId: null,
    paymentId: REWARD_PAYMENT_ID,
    refundOf: null,
    network: 'Plat Testnet',
    txid: REWARD_TXID,
    transactionLink: `https://horizon.example/transactions/${REWARD_TXID}`,
    blockedBy: null,
    error: null,
    canRetry: false,
    canCancel: false,
    ledgerMs: null,
    createdAt: '2026-05-15T08:00:00.000Z',
    updatedAt: '2026-05-15T08:00:05.000Z',
    ...overrides,
  };
}

export const rewardEvents: RewardEvent[] = [
  { at: '2026-05-15T08:00:00.000Z', state: 'requested', step: 'requested', detail: {}, repeats: 1, lastAt: null },
  { at: '2026-05-15T08:00:01.000Z', state: 'created', step: 'created', detail: { paymentId: REWARD_PAYMENT_ID }, repeats: 1, lastAt: null },
  { at: '2026-05-15T08:00:03.000Z', state: 'submitted', step: 'submitted', detail: { txid: REWARD_TXID }, repeats: 1, lastAt: null },
  { at: '2026-05-15T08:00:05.000Z', state: 'completed', step: 'completed', detail: {}, repeats: 1, lastAt: null },
];

export function rewardDetail(current: Reward = reward(), events: RewardEvent[] = rewardEvents): RewardDetail {
  return { reward: current, events };
}
