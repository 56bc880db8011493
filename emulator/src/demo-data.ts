import { Keypair } from '@stellar/stellar-sdk';
import { formatStroops, toStroops } from './amount.ts';
import type { EmulatorContext } from './context.ts';
import { DemoChain } from './demo-chain.ts';
import { newPaymentId } from './ids.ts';
import type { AdAction } from './state/ads.ts';
import { paymentRecord } from './state/payment-record.ts';
import type { Direction, PaymentState } from './state/payment-record.ts';
import type { NewUser, User } from './state/users.ts';
import type { Wallet } from './wallet.ts';

export interface DemoData {
  paymentIds: string[];
  adIds: string[];
  users: Array<{ uid: string; username: string; access_token: string }>;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far back the demo chain's history starts: before the oldest demo payment, with the accounts' funding. */
export const DEMO_HISTORY_MS = 6 * DAY;

/** The demo users' uids are the same at every start: docs/public-api.md's quick start pays `sandbox-bob`. */
const DEMO_USERS: NewUser[] = [
  { uid: 'sandbox-alice', username: 'alice' },
  { uid: 'sandbox-bob', username: 'bob' },
  { uid: 'sandbox-carol', username: 'carol' },
  { uid: 'sandbox-dave', username: 'dave' },
  { uid: 'sandbox-erin', username: 'erin' },
  { uid: 'sandbox-frank', username: 'frank' },
  { uid: 'sandbox-grace', username: 'grace' },
  { uid: 'sandbox-heidi', username: 'heidi' },
  { uid: 'sandbox-ivan', username: 'ivan', scopes: ['username', 'payments'] }, // no wallet_address: A2U to him is refused
  { uid: 'sandbox-judy', username: 'judy', scopes: ['payments', 'wallet_address'] }, // no username scope: /me omits it
];

interface DemoPayment {
  user: number; // index into DEMO_USERS
  direction: Direction;
  age: number;
  amount: number;
  memo: string;
  state: Omit<PaymentState, 'transaction'>;
  /**
   * The payment's transaction, 30 s after the payment: a real one on the demo chain (A2U from the app
   * wallet to the user, U2A from the user to the app wallet, the payment id as its memo), verified by
   * the platform or not yet.
   */
  transaction?: { verified: boolean };
}

const VERIFIED = { verified: true };
/** The user's transaction is on the chain; the platform has not verified it yet. */
const UNVERIFIED = { verified: false };
const TRANSACTION_AFTER_MS = 30_000;

// Every derived state in both directions (A2U is never awaiting approval), with exactly one incomplete A2U payment.
// Unfinished U2A payments belong to different users, since one blocks its user's next U2A payment.
const DEMO_PAYMENTS: DemoPayment[] = [
  { user: 4, direction: 'user_to_app', age: 5 * DAY, amount: 3.14, memo: 'Premium upgrade', state: { approved: true, completed: true }, transaction: VERIFIED },
  { user: 1, direction: 'app_to_user', age: 4 * DAY, amount: 1, memo: 'Weekly leaderboard prize', state: { approved: true, completed: true }, transaction: VERIFIED },
  { user: 2, direction: 'app_to_user', age: 3 * DAY, amount: 0.5, memo: 'Referral bonus', state: { approved: true, cancelled: true } },
  { user: 5, direction: 'user_to_app', age: 2 * DAY, amount: 10, memo: '1000 gems', state: { approved: true, cancelled: true } },
  { user: 3, direction: 'app_to_user', age: 2 * DAY, amount: 0.25, memo: 'Rewarded ad payout', state: { approved: true, userCancelled: true } },
  { user: 6, direction: 'user_to_app', age: DAY, amount: 2, memo: 'Remove ads', state: { cancelled: true } }, // expired unapproved
  { user: 7, direction: 'user_to_app', age: DAY, amount: 5, memo: 'Tip the developer', state: { userCancelled: true } },
  { user: 9, direction: 'app_to_user', age: DAY, amount: 12.5, memo: 'Tournament prize', state: { approved: true, completed: true }, transaction: VERIFIED },
  { user: 8, direction: 'user_to_app', age: 6 * HOUR, amount: 1, memo: 'Premium upgrade', state: { approved: true, completed: true }, transaction: VERIFIED },
  // Paid by the user, not completed by the app for two hours: reconciliation flags it paid_not_completed once stuck.
  { user: 3, direction: 'user_to_app', age: 2 * HOUR, amount: 7.5, memo: '500 gems', state: { approved: true }, transaction: VERIFIED },
  // Paid by the user, not verified by the platform: also paid_not_completed once stuck (the platform refuses to complete it until verified).
  { user: 2, direction: 'user_to_app', age: 30 * MINUTE, amount: 0.1, memo: 'Extra life', state: { approved: true }, transaction: UNVERIFIED },
  // The one incomplete A2U payment: paid on the chain, not completed yet.
  { user: 0, direction: 'app_to_user', age: 10 * MINUTE, amount: 2.5, memo: 'Reward for completing level 3', state: { approved: true }, transaction: VERIFIED },
  { user: 1, direction: 'user_to_app', age: 5 * MINUTE, amount: 4, memo: 'Season pass', state: { approved: true } },
  { user: 0, direction: 'user_to_app', age: 0, amount: 1.5, memo: 'Skin pack', state: {} }, // awaiting approval: expires after the U2A window
];

// null, granted, revoked, failed, in that order.
const DEMO_ADS: Array<Array<{ action: AdAction; age: number }>> = [
  [],
  [{ action: 'grant', age: HOUR }],
  [{ action: 'grant', age: 3 * HOUR }, { action: 'revoke', age: 2 * HOUR }],
  [{ action: 'fail', age: 30 * MINUTE }],
];

export interface DemoChainInput {
  /** The app wallet: the demo funds it, and it signs the demo's A2U payments. */
  appWallet: Wallet;
  appWalletBalance: bigint;
}

/** The root account's balance: the whole supply the demo hands out, and more. */
const ROOT_BALANCE = 10n ** 18n;
/** Between the fundings, the network's ledgers: one funding per ledger, as one source's transactions go. */
const FUNDING_STEP_MS = 5_000;

/**
 * Sandbox data: demo users, payments in every state and ads in every status, on a chain whose
 * history holds them: the app wallet and the users' wallets funded by `create_account`, and every
 * demo payment that has a transaction paid by a real transaction (its hash the payment's txid), so
 * that reconciliation finds the demo's books tied. The ledger must be fresh, its first ledger closed
 * `DEMO_HISTORY_MS` before `now`.
 */
export function createDemoData(ctx: EmulatorContext, now: number, { appWallet, appWalletBalance }: DemoChainInput): DemoData {
  const chain = new DemoChain(ctx.ledger, ctx.config.network, ctx.view.network, ROOT_BALANCE);
  const start = ctx.ledger.latestHeader.closedAt;
  chain.fund(appWallet.address, appWalletBalance, start);
  const users: User[] = DEMO_USERS.map((input, i) =>
    ctx.users.create(input, now, (address, balance) => chain.fund(address, balance, start + (i + 1) * FUNDING_STEP_MS)),
  );
  const appKey = Keypair.fromSecret(appWallet.seed);
  const demos = DEMO_PAYMENTS.map((demo) => ({ demo, identifier: newPaymentId(), createdAt: now - demo.age }));
  const transactions = new Map<string, { txid: string; verified: boolean; at: number }>();
  for (const { demo, identifier, createdAt } of [...demos].sort((a, b) => a.createdAt - b.createdAt)) {
    if (demo.transaction === undefined) continue;
    const user = users[demo.user] as User;
    const amount = formatStroops(toStroops(demo.amount) ?? 0n);
    const at = createdAt + TRANSACTION_AFTER_MS;
    const tx =
      demo.direction === 'app_to_user'
        ? chain.pay(appKey, user.walletAddress, amount, identifier, at)
        : chain.pay(Keypair.fromSecret(user.walletSeed), ctx.view.appWalletAddress, amount, identifier, at);
    transactions.set(identifier, { txid: tx.hash, verified: demo.transaction.verified, at: tx.createdAt });
  }
  chain.closeUntil(now);
  const paymentIds = demos.map(({ demo, identifier, createdAt }, i) => {
    const transaction = transactions.get(identifier);
    const record = paymentRecord(
      {
        identifier,
        user: users[demo.user] as User,
        amount: demo.amount,
        memo: demo.memo,
        metadata: { order_id: `demo-${1001 + i}` },
        direction: demo.direction,
        createdAt,
      },
      { ...demo.state, ...(transaction === undefined ? {} : { transaction }) },
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
