import type { EmulatorContext } from './context.ts';
import { newPaymentId, newTxid } from './ids.ts';
import type { AdAction } from './state/ads.ts';
import { paymentRecord } from './state/payment-record.ts';
import type { Direction, PaymentState } from './state/payment-record.ts';
import type { NewUser, User } from './state/users.ts';

export interface DemoData {
  paymentIds: string[];
  adIds: string[];
  users: Array<{ uid: string; username: string; access_token: string }>;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DEMO_USERS: NewUser[] = [
  { username: 'alice' },
  { username: 'bob' },
  { username: 'carol' },
  { username: 'dave' },
  { username: 'erin' },
  { username: 'frank' },
  { username: 'grace' },
  { username: 'heidi' },
  { username: 'ivan', scopes: ['username', 'payments'] }, // no wallet_address: A2U to him is refused
  { username: 'judy', scopes: ['payments', 'wallet_address'] }, // no username scope: /me omits it
];

interface DemoPayment {
  user: number; // index into DEMO_USERS
  direction: Direction;
  age: number;
  amount: number;
  memo: string;
  state: (createdAt: number) => PaymentState;
}

const tx = (createdAt: number, verified = true) => ({ txid: newTxid(), verified, at: createdAt + 30_000 });

// Every derived state in both directions (A2U is never awaiting approval), with exactly one incomplete A2U payment.
// Unfinished U2A payments belong to different users, since one blocks its user's next U2A payment.
const DEMO_PAYMENTS: DemoPayment[] = [
  { user: 4, direction: 'user_to_app', age: 5 * DAY, amount: 3.14, memo: 'Premium upgrade', state: (t) => ({ approved: true, completed: true, transaction: tx(t) }) },
  { user: 1, direction: 'app_to_user', age: 4 * DAY, amount: 1, memo: 'Weekly leaderboard prize', state: (t) => ({ approved: true, completed: true, transaction: tx(t) }) },
  { user: 2, direction: 'app_to_user', age: 3 * DAY, amount: 0.5, memo: 'Referral bonus', state: () => ({ approved: true, cancelled: true }) },
  { user: 5, direction: 'user_to_app', age: 2 * DAY, amount: 10, memo: '1000 gems', state: () => ({ approved: true, cancelled: true }) },
  { user: 3, direction: 'app_to_user', age: 2 * DAY, amount: 0.25, memo: 'Rewarded ad payout', state: () => ({ approved: true, userCancelled: true }) },
  { user: 6, direction: 'user_to_app', age: DAY, amount: 2, memo: 'Remove ads', state: () => ({ cancelled: true }) }, // expired unapproved
  { user: 7, direction: 'user_to_app', age: DAY, amount: 5, memo: 'Tip the developer', state: () => ({ userCancelled: true }) },
  { user: 9, direction: 'app_to_user', age: DAY, amount: 12.5, memo: 'Tournament prize', state: (t) => ({ approved: true, completed: true, transaction: tx(t) }) },
  { user: 8, direction: 'user_to_app', age: 6 * HOUR, amount: 1, memo: 'Premium upgrade', state: (t) => ({ approved: true, completed: true, transaction: tx(t) }) },
  { user: 3, direction: 'user_to_app', age: 2 * HOUR, amount: 7.5, memo: '500 gems', state: (t) => ({ approved: true, transaction: tx(t) }) },
  { user: 2, direction: 'user_to_app', age: 30 * MINUTE, amount: 0.1, memo: 'Extra life', state: (t) => ({ approved: true, transaction: tx(t, false) }) },
  { user: 0, direction: 'app_to_user', age: 10 * MINUTE, amount: 2.5, memo: 'Reward for completing level 3', state: (t) => ({ approved: true, transaction: tx(t) }) },
  { user: 1, direction: 'user_to_app', age: 5 * MINUTE, amount: 4, memo: 'Season pass', state: () => ({ approved: true }) },
  { user: 0, direction: 'user_to_app', age: 0, amount: 1.5, memo: 'Skin pack', state: () => ({}) }, // awaiting approval: expires after the U2A window
];

// null, granted, revoked, failed, in that order.
const DEMO_ADS: Array<Array<{ action: AdAction; age: number }>> = [
  [],
  [{ action: 'grant', age: HOUR }],
  [{ action: 'grant', age: 3 * HOUR }, { action: 'revoke', age: 2 * HOUR }],
  [{ action: 'fail', age: 30 * MINUTE }],
];

/** Sandbox data: demo users, payments in every state and ads in every status. */
export function createDemoData(ctx: EmulatorContext, now: number): DemoData {
  const users: User[] = DEMO_USERS.map((input) => ctx.users.create(input, now));
  const paymentIds = DEMO_PAYMENTS.map((demo, i) => {
    const createdAt = now - demo.age;
    const record = paymentRecord(
      {
        identifier: newPaymentId(),
        user: users[demo.user] as User,
        amount: demo.amount,
        memo: demo.memo,
        metadata: { order_id: `demo-${1001 + i}` },
        direction: demo.direction,
        createdAt,
      },
      demo.state(createdAt),
    );
    ctx.payments.add(record);
    return record.identifier;
  });
  const adIds = DEMO_ADS.map((steps) => {
    const ad = ctx.ads.create();
    for (const { action, age } of steps) ctx.ads.apply(ad, action, now - age);
    return ad.identifier;
  });
  return {
    paymentIds,
    adIds,
    users: users.map((user) => ({ uid: user.uid, username: user.username, access_token: user.accessToken })),
  };
}
