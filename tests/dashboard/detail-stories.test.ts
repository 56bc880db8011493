import { describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from '../../common/payment-states.ts';
import type { Payment, TimelineEntry } from '../../dashboard/src/features/payments/api/get-payment.ts';
import { paymentNextStep } from '../../dashboard/src/features/payments/payment-next-step.ts';
import { paymentStory, paymentTitle } from '../../dashboard/src/features/payments/payment-story.ts';
import type { StoryPart } from '../../dashboard/src/display/story/story-parts.ts';
import type { RewardState } from '../../dashboard/src/display/reward/reward-types.ts';
import { rewardStory, rewardTitle } from '../../dashboard/src/features/rewards/reward-story.ts';
import { rewardStates } from '../../dashboard/src/display/reward/reward-states.ts';
import { batchTitle } from '../../dashboard/src/features/batches/batch-title.ts';
import { batch } from './support/batches.ts';
import { payment, TXID, USER_UID } from './support/payments.ts';
import { reward, rewardEvents, REWARD_UID } from './support/rewards.ts';

/** The sentence as the page reads it, the user as "<uid>" and each moment as "[ISO]", so a test sees every part. */
function sentence(parts: readonly StoryPart[]): string {
  return parts.map((part) => (typeof part === 'string' ? part : 'user' in part ? `user <${part.user}>` : `[${part.time}]`)).join('');
}

const U = `user <${USER_UID}>`;
const CREATED = '[2026-05-14T22:59:27.102Z]';
const LEDGER = { status: 'read', at: '2026-05-14T23:10:00.000Z', ledger: 1000000 } as const;
const ON_LEDGER = '[2026-05-14T23:10:00.000Z] (ledger 1000000)';
const noFlags = { developer_approved: false, transaction_verified: false, developer_completed: false, cancelled: false, user_cancelled: false };
const unverified = { txid: TXID, verified: false, _link: '' };

/** A payment in `state`, its flags and transaction as the platform would have them. */
function inState(state: PaymentState, direction: Payment['direction']): Payment {
  const approved = { ...noFlags, developer_approved: true };
  const shapes: Record<PaymentState, Partial<Payment>> = {
    awaiting_approval: { status: noFlags, transaction: null },
    awaiting_transaction: { status: approved, transaction: null },
    transaction_unverified: { status: approved, transaction: unverified },
    awaiting_completion: {},
    completed: { status: { ...payment().status, developer_completed: true } },
    cancelled: { status: { ...approved, cancelled: true }, transaction: null },
    cancelled_by_user: { status: { ...approved, user_cancelled: true }, transaction: null },
  };
  return payment({ state, direction, ...shapes[state] });
}

const staffDid = (action: string, at: string): TimelineEntry => ({ at, kind: 'staff_action', action, outcome: 'ok', actor: 'ops@sandbox.local', upstreamCode: 'ok', details: {} });

describe('the payment’s sentence', () => {
  const expected: Record<Payment['direction'], Record<PaymentState, string>> = {
    app_to_user: {
      awaiting_approval: `Created for ${U} on ${CREATED}; waiting for approval.`,
      awaiting_transaction: `Created for ${U} on ${CREATED}; waiting for the app’s transaction.`,
      transaction_unverified: `Transaction sent to ${U} on ${ON_LEDGER}; the platform has not verified it yet.`,
      awaiting_completion: `Paid to ${U} on ${ON_LEDGER}; the platform verified it, but nobody has completed it yet.`,
      completed: `Paid to ${U} on ${ON_LEDGER}.`,
      cancelled: 'Cancelled by the app before anything was paid.',
      cancelled_by_user: `Cancelled by ${U} before the app paid them.`,
    },
    user_to_app: {
      awaiting_approval: `Started by ${U} on ${CREATED}; waiting for the app to approve it.`,
      awaiting_transaction: `Started by ${U} on ${CREATED} and approved; waiting for their transaction.`,
      transaction_unverified: `Transaction sent by ${U} on ${ON_LEDGER}; the platform has not verified it yet.`,
      awaiting_completion: `Paid to the app by ${U} on ${ON_LEDGER}; the platform verified it, but nobody has completed it yet.`,
      completed: `Paid to the app by ${U} on ${ON_LEDGER}.`,
      cancelled: 'Cancelled by the app before anything was paid.',
      cancelled_by_user: `Cancelled by ${U} before paying.`,
    },
  };

  for (const direction of ['app_to_user', 'user_to_app'] as const) {
    it.each(PAYMENT_STATES)(`says what happened to a ${direction} payment %s`, (state) => {
      expect(sentence(paymentStory(inState(state, direction), [], LEDGER))).toBe(expected[direction][state]);
    });
  }

  it('names the staff member who completed or cancelled it, and when', () => {
    const completed = inState('completed', 'app_to_user');
    expect(sentence(paymentStory(completed, [staffDid('payment.complete', '2026-05-15T09:00:00.000Z')], LEDGER))).toBe(
      `Paid to ${U} on ${ON_LEDGER}; completed by ops@sandbox.local on [2026-05-15T09:00:00.000Z].`,
    );
    const cancelled = inState('cancelled', 'user_to_app');
    // A cancel whose answer was lost, settled later, counts as the staff member's.
    expect(sentence(paymentStory(cancelled, [staffDid('payment.cancel.settled', '2026-05-15T09:00:05.000Z')], undefined))).toBe(
      'Cancelled by ops@sandbox.local on [2026-05-15T09:00:05.000Z] before anything was paid.',
    );
  });

  it('says an unapproved payment was cancelled before the app approved it', () => {
    expect(sentence(paymentStory(payment({ state: 'cancelled', status: { ...noFlags, cancelled: true }, transaction: null }), [], undefined))).toBe(
      'Cancelled before the app approved it; nothing was paid.',
    );
  });

  it('says what is known of the time: nothing while the ledger is read, and that it could not be read', () => {
    const completed = inState('completed', 'user_to_app');
    expect(sentence(paymentStory(completed, [], undefined))).toBe(`Paid to the app by ${U}.`);
    expect(sentence(paymentStory(completed, [], { status: 'unavailable', reason: 'The ledger did not answer in time.' }))).toBe(
      `Paid to the app by ${U} (when could not be read from the ledger).`,
    );
    expect(sentence(paymentStory(completed, [], { status: 'read', at: '2026-05-14T23:10:00.000Z', ledger: null }))).toBe(`Paid to the app by ${U} on [2026-05-14T23:10:00.000Z].`);
  });
});

describe('the payment’s title', () => {
  it('says how much, which way and where it stands', () => {
    expect(paymentTitle({ amount: '12.5', network: 'Plat Testnet', direction: 'app_to_user', state: 'completed' })).toBe('12.5 Plat Testnet · App to user · Completed');
    expect(paymentTitle({ amount: '1', network: 'Plat Testnet', direction: 'user_to_app', state: 'cancelled_by_user' })).toBe('1 Plat Testnet · User to app · Cancelled by user');
  });
});

describe('the payment’s next step', () => {
  it.each(['completed', 'cancelled', 'cancelled_by_user'] as const)('is none once the payment is %s', (state) => {
    expect(paymentNextStep(inState(state, 'user_to_app'), true)).toBeNull();
  });

  it.each(['awaiting_approval', 'awaiting_transaction', 'transaction_unverified', 'awaiting_completion'] as const)(
    'says for %s what is wrong, what to do and who can, and only a payment paid but never completed needs a person',
    (state) => {
      const step = paymentNextStep(inState(state, 'user_to_app'), false);
      expect(step?.problem).toMatch(/\S/);
      expect(step?.todo).toMatch(/\S/);
      expect(step?.who).toMatch(/\S/);
      expect(step?.stuck).toBe(state === 'awaiting_completion');
    },
  );

  it('tells a viewer who may act that they can, and one who may not whom to ask', () => {
    expect(paymentNextStep(inState('awaiting_completion', 'user_to_app'), true)?.who).toBe('Ops and admins can complete it now: you can do it here.');
    expect(paymentNextStep(inState('awaiting_completion', 'user_to_app'), false)?.who).toBe('Ops and admins can complete it now; your role cannot, so ask one of them.');
    expect(paymentNextStep(inState('awaiting_transaction', 'app_to_user'), false)?.who).toBe('Ops and admins can cancel it; your role cannot, so ask one of them.');
  });
});

describe('the reward’s sentence', () => {
  const R = `user <${REWARD_UID}>`;
  const AT = '[2026-05-15T08:00:05.000Z]';
  const ASKED = 'Asked for by manager@sandbox.local on [2026-05-15T08:00:00.000Z]';
  const expected: Record<RewardState, string> = {
    awaiting_approval: `${ASKED}; nothing is paid until another manager or admin approves it.`,
    requested: `${ASKED}; the console is creating its payment on the platform.`,
    created: `Its payment to ${R} is created on the platform; the console is sending its transaction.`,
    signed: `Its transaction to ${R} is sent; waiting for the ledger to take it.`,
    submitted: `Its transaction to ${R} is on the ledger; the console is completing the payment.`,
    completed: `Paid to ${R} on ${AT}, as asked by manager@sandbox.local.`,
    failed: `Not paid to ${R}: it stopped on ${AT}. Why, and what to do, is below.`,
    cancelled: `Cancelled on ${AT} before anything was paid to ${R}.`,
    needs_attention: `Stopped on ${AT} without a clear end: ${R} may or may not have been paid, so a person must look. Why is below.`,
    rejected: `Rejected by an approver on ${AT}; nothing was paid to ${R}.`,
  };

  it.each(rewardStates)('says what happened to a reward %s', (state) => {
    // The last recovery point reached the reward's state; its time is when that happened.
    const events = [...rewardEvents.slice(0, 3), { at: '2026-05-15T08:00:05.000Z', state, step: state, detail: {}, repeats: 1, lastAt: null }];
    expect(sentence(rewardStory(reward({ state }), events))).toBe(expected[state]);
  });

  it('says an unfinished reward waits when it has a reason to, and who rejected one, when', () => {
    expect(sentence(rewardStory(reward({ state: 'created', error: { code: 'awaiting_wallet', message: 'No wallet.' } }), rewardEvents))).toBe(
      `Its payment to ${R} is created on the platform; it waits, and why is below.`,
    );
    const rejected = reward({ state: 'rejected', rejection: { by: { id: 'staff-admin', email: 'admin@sandbox.local' }, reason: 'Wrong user', at: '2026-05-15T09:00:00.000Z' } });
    expect(sentence(rewardStory(rejected, rewardEvents))).toBe(`Rejected by admin@sandbox.local on [2026-05-15T09:00:00.000Z]; nothing was paid to ${R}.`);
    expect(sentence(rewardStory(reward({ state: 'awaiting_approval', batchId: 'batch-1' }), rewardEvents))).toBe(`${ASKED}; nothing is paid until another manager or admin approves its batch.`);
  });
});

describe('the reward’s and the batch’s titles', () => {
  it('say how much, to whom or from which file, and where it stands', () => {
    expect(rewardTitle(reward(), 'Plat Testnet')).toBe('1.25 Plat Testnet · Reward to 6f1c2b9e…5a6b7c · Completed');
    expect(rewardTitle(reward({ state: 'needs_attention' }), null)).toBe('1.25 · Reward to 6f1c2b9e…5a6b7c · Needs a person');
    expect(batchTitle(batch({ state: 'finished', rows: 7, total: '8.75' }), 'Plat Testnet')).toBe('winners.csv · 7 rows · 8.75 Plat Testnet · Finished');
    expect(batchTitle(batch({ state: 'paused', needsFunds: '2', fileName: null, rows: 1 }), 'Plat Testnet')).toBe('Reward batch · 1 row · 3.5 Plat Testnet · Paused: needs funds');
  });
});
