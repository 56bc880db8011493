import type { EmulatorContext } from './context.ts';
import { newPaymentId, newTxid, random } from './ids.ts';
import { paymentRecord } from './state/payment-record.ts';
import type { Direction, Metadata, PaymentState } from './state/payment-record.ts';
import type { User } from './state/users.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const AMOUNTS = [0.1, 0.25, 0.5, 1, 2, 3.14, 5, 10, 12.5, 25, 100, 0.0000001, 1.2345678];
const CONTENT: Record<Direction, { memos: string[]; metadata: Metadata[] }> = {
  app_to_user: {
    memos: ['Reward for completing level 3', 'Referral bonus', 'Weekly leaderboard prize', 'Rewarded ad payout'],
    metadata: [Object.freeze({ kind: 'reward', source: 'seed' }), Object.freeze({ kind: 'referral', source: 'seed' })],
  },
  user_to_app: {
    memos: ['Premium upgrade', '100 gems', 'Remove ads', 'Tip the developer'],
    metadata: [Object.freeze({ product: 'premium', source: 'seed' }), Object.freeze({ product: 'gems_100', source: 'seed' })],
  },
};

type StateAt = (createdAt: number) => PaymentState;
interface Kind {
  direction: Direction;
  state: StateAt;
}

const transaction = (createdAt: number, verified = true) => ({
  txid: newTxid(),
  verified,
  at: createdAt + 5_000 + random.below(55_000),
});

/** Settled payments by weight (sum 100): the bulk of any real app's history. */
const SETTLED: Array<Kind & { weight: number }> = [
  { weight: 34, direction: 'app_to_user', state: (t) => ({ approved: true, completed: true, transaction: transaction(t) }) },
  { weight: 4, direction: 'app_to_user', state: () => ({ approved: true, cancelled: true }) },
  { weight: 48, direction: 'user_to_app', state: (t) => ({ approved: true, completed: true, transaction: transaction(t) }) },
  { weight: 5, direction: 'user_to_app', state: () => ({ cancelled: true }) }, // expired unapproved
  { weight: 3, direction: 'user_to_app', state: () => ({ approved: true, cancelled: true }) },
  { weight: 4, direction: 'user_to_app', state: () => ({ userCancelled: true }) },
  { weight: 2, direction: 'user_to_app', state: () => ({ approved: true, userCancelled: true }) },
];
const SETTLED_BY_PERCENT: Kind[] = SETTLED.flatMap((kind) => Array.from({ length: kind.weight }, () => kind));

/**
 * The newest seeded payments are unfinished U2A payments, one per user, so some are still open
 * without blocking anything. No A2U payment is left incomplete: the ongoing rule and the incomplete
 * list stay as they were.
 */
const OPEN_U2A: Kind[] = [
  { direction: 'user_to_app', state: () => ({ approved: true }) },
  { direction: 'user_to_app', state: (t) => ({ approved: true, transaction: transaction(t, false) }) },
  { direction: 'user_to_app', state: (t) => ({ approved: true, transaction: transaction(t) }) },
];

const pick = <T>(items: readonly T[]): T => items[random.below(items.length)] as T;

function seedUsers(ctx: EmulatorContext, count: number, now: number): User[] {
  const userCount = Math.min(1000, Math.max(OPEN_U2A.length, Math.ceil(count / 1000)));
  return Array.from({ length: userCount }, () => ctx.users.create({}, now));
}

/** Adds `count` payments spread over the past year, over fresh users, in a realistic mix of directions and states. */
export function seedPayments(ctx: EmulatorContext, count: number, now: number): void {
  const users = seedUsers(ctx, count, now);
  const start = now - YEAR_MS;
  const step = Math.max(1, Math.floor((YEAR_MS - HOUR_MS) / count));
  const firstOpen = count - Math.min(OPEN_U2A.length, count);

  for (let i = 0; i < count; i++) {
    const createdAt = start + i * step;
    const openSlot = i - firstOpen;
    const kind = openSlot >= 0 ? (OPEN_U2A[openSlot] as Kind) : pick(SETTLED_BY_PERCENT);
    const content = CONTENT[kind.direction];
    const fields = {
      identifier: newPaymentId(),
      user: openSlot >= 0 ? (users[openSlot] as User) : pick(users),
      amount: pick(AMOUNTS),
      memo: pick(content.memos),
      metadata: pick(content.metadata),
      direction: kind.direction,
      createdAt,
    };
    ctx.payments.add(paymentRecord(fields, kind.state(createdAt)));
  }
}
