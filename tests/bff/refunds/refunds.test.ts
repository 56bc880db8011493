import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LIMITS } from '../../../bff/src/rewards/reward-limits.ts';
import { refundRequestSchema } from '../../../bff/src/refunds/refund-input.ts';
import { completedU2A, control, createUser, emulatorOk, ledgerTransactions, type ControlUser } from '../../support/emulator-control.ts';
import { ledgerDiscrepancies, ledgerSnapshot, nativeBalances } from '../../support/ledger-audit.ts';
import { storeKinds } from '../../support/test-store.ts';
import { errorOf, newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { UNFINISHED_STATES } from '../../../bff/src/rewards/reward-row.ts';

interface Refund {
  id: string;
  refundOf: string;
  state: string;
  uid: string;
  amount: string;
  memo: string;
  paymentId: string | null;
  txid: string | null;
}

interface PaymentRefunds {
  paymentId: string;
  amount: string;
  refunded: string;
  remaining: string;
  notRefundable: { code: string; message: string } | null;
  refunds: Refund[];
}

const UNFINISHED: readonly string[] = UNFINISHED_STATES;

/** Refunds of user-to-app payments over HTTP, paid on the emulator's chain through the reward pipeline. */
describe.each(storeKinds)('refunds on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let ops: string;
  let admin: string;
  let support: string;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [manager, ops, admin, support] = await Promise.all([t.signInAs('manager'), t.signInAs('ops'), t.signInAs('admin'), t.signInAs('support')]);
  });
  afterAll(() => t.close());

  const newKey = () => `refund-${kind}-${++keys}`;
  const refund = (paymentId: string, body: unknown, { key = newKey(), cookie = manager }: { key?: string; cookie?: string } = {}) =>
    t.request('POST', `/api/payments/${paymentId}/refunds`, { cookie, body, headers: { 'idempotency-key': key } });
  const refundOf = async (response: Response) => ((await response.json()) as { refund: Refund }).refund;
  const refundsOf = async (paymentId: string) => (await (await t.request('GET', `/api/payments/${paymentId}/refunds`, { cookie: support })).json()) as PaymentRefunds;
  const platformPayments = async () => (await control<{ total: number }>(t.emulator, 'GET', '/payments?limit=1')).total;
  const auditOf = async (action: string) =>
    ((await (await t.request('GET', `/api/audit?action=${action}&limit=50`, { cookie: admin })).json()) as { events: Array<{ target: string | null; outcome: string; details: Record<string, unknown> }> }).events;

  /** A user who bought something for `amount` and has paid for it. */
  async function buyer(amount: number): Promise<{ user: ControlUser; paymentId: string }> {
    const user = await createUser(t.emulator);
    const payment = await completedU2A(t.emulator, user.uid, amount);
    return { user, paymentId: payment.identifier };
  }

  /** Drives the refund's reward until it ends; a refund blocked by another open payment of its user waits for it. */
  async function settled(id: string): Promise<Refund> {
    for (let i = 0; i < 600; i++) {
      await t.services.rewardWorker.tick();
      await t.services.rewardWorker.idle();
      const found = await t.services.refunds.get(id);
      if (!UNFINISHED.includes(found.state)) return found as Refund;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`refund ${id} did not settle`);
  }

  /** The successful transactions to the user's wallet since `before` transactions, and what they add up to in stroops. */
  async function paidTo(user: ControlUser, before: number): Promise<{ hashes: string[]; total: bigint }> {
    const paid = (await ledgerTransactions(t.emulator)).slice(before).filter((tx) => tx.successful && tx.destination === user.wallet_address);
    const total = paid.reduce((sum, tx) => sum + BigInt(tx.amount.replace('.', '')), 0n);
    return { hashes: paid.map((tx) => tx.hash), total };
  }

  it('refunds a completed user-to-app payment in full: paid to the payer on the chain, and linked both ways', async () => {
    const { user, paymentId } = await buyer(5);
    const before = await ledgerSnapshot(t.emulator, [user]);
    const key = newKey();

    const response = await refund(paymentId, { amount: '5' }, { key });
    expect(response.status).toBe(201);
    const paid = await refundOf(response);
    expect(paid).toMatchObject({ refundOf: paymentId, state: 'completed', uid: user.uid, amount: '5', memo: `Refund of payment ${paymentId.slice(0, 8)}` });
    expect(await ledgerDiscrepancies(t.emulator, before, [{ label: `payer ${user.uid}`, wallet_address: user.wallet_address, txid: paid.txid, amount: '5' }])).toEqual([]);

    const { reward } = (await (await t.request('GET', `/api/rewards/${paid.id}`, { cookie: support })).json()) as { reward: { refundOf: string | null } };
    expect(reward.refundOf).toBe(paymentId);
    expect(await refundsOf(paymentId)).toMatchObject({ paymentId, amount: '5', refunded: '5', remaining: '0', notRefundable: null, refunds: [{ id: paid.id, amount: '5', state: 'completed' }] });
    const refundPayment = await t.platform.getPayment(paid.paymentId ?? '');
    expect(refundPayment).toMatchObject({ direction: 'app_to_user', user_uid: user.uid, amount: '5', metadata: { plat_console_refund_of: paymentId, plat_console_reward_id: paid.id } });
    expect((await auditOf('reward.request'))[0]).toMatchObject({ target: `reward:${paid.id}`, outcome: 'ok', details: { refundOf: paymentId, uid: user.uid, amount: '5.0000000' } });

    const again = await refund(paymentId, { amount: '5' }, { key });
    expect(again.status).toBe(200);
    expect((await refundOf(again)).id).toBe(paid.id);

    const more = await refund(paymentId, { amount: '0.1' });
    expect(more.status).toBe(422);
    const refused = (await more.json()) as { error: { code: string; message: string; details: Record<string, unknown> } };
    expect(refused.error).toMatchObject({ code: 'over_refundable', details: { remaining: '0', refunded: '5', paymentAmount: '5' } });
    expect(refused.error.message).toMatch(/refunded in full already .* nothing is left to refund/);
    expect((await auditOf('reward.payout_refused'))[0]).toMatchObject({ target: `payment:${paymentId}`, outcome: 'refused', details: { code: 'over_refundable', refundOf: paymentId, amount: '0.1', remaining: '0' } });
    expect(await ledgerDiscrepancies(t.emulator, before, [{ label: `payer ${user.uid}`, wallet_address: user.wallet_address, txid: paid.txid, amount: '5' }])).toEqual([]);
  });

  it('refunds part by part, and refuses more than what remains, saying what remains', async () => {
    const { user, paymentId } = await buyer(5);
    const before = (await ledgerTransactions(t.emulator)).length;
    const opening = (await nativeBalances(t.emulator, [user.wallet_address])).get(user.wallet_address) ?? 0n;

    const first = await refundOf(await refund(paymentId, { amount: '1.5', memo: 'Two gems were never delivered' }));
    expect(first).toMatchObject({ state: 'completed', amount: '1.5', memo: 'Two gems were never delivered' });
    t.clock.advance(1_000);
    const second = await refundOf(await refund(paymentId, { amount: '2.0000000', memo: '  ' }, { cookie: ops }));
    expect(second).toMatchObject({ state: 'completed', amount: '2', memo: `Refund of payment ${paymentId.slice(0, 8)}` });
    expect(await refundsOf(paymentId)).toMatchObject({ refunded: '3.5', remaining: '1.5' });

    const over = await refund(paymentId, { amount: '1.5000001' });
    expect(over.status).toBe(422);
    const { error } = (await over.json()) as { error: { code: string; message: string; details: Record<string, unknown> } };
    expect(error.code).toBe('over_refundable');
    expect(error.message).toBe('Only 1.5 of this payment’s 5 is left to refund (3.5 is refunded or on its way); this refund is 1.5000001.');
    expect(error.details).toEqual({ paymentAmount: '5', refunded: '3.5', remaining: '1.5' });

    t.clock.advance(1_000);
    const last = await refundOf(await refund(paymentId, { amount: '1.5' }, { cookie: admin }));
    expect(last.state).toBe('completed');
    const refunds = await refundsOf(paymentId);
    expect(refunds).toMatchObject({ refunded: '5', remaining: '0' });
    expect(refunds.refunds.map((each) => each.id)).toEqual([last.id, second.id, first.id]);

    const paid = await paidTo(user, before);
    expect(paid.hashes.sort()).toEqual([first.txid, second.txid, last.txid].sort());
    expect(paid.total).toBe(50_000_000n);
    expect(((await nativeBalances(t.emulator, [user.wallet_address])).get(user.wallet_address) ?? 0n) - opening).toBe(50_000_000n);
  });

  it('counts a refund awaiting approval against what remains, and frees it once withdrawn', async () => {
    const { paymentId } = await buyer(5);
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, approvalThreshold: '3' } });
    try {
      const waiting = await refundOf(await refund(paymentId, { amount: '4' }));
      expect(waiting.state).toBe('awaiting_approval');
      expect(await refundsOf(paymentId)).toMatchObject({ refunded: '4', remaining: '1' });
      expect((await refund(paymentId, { amount: '2' }, { cookie: ops })).status).toBe(422);

      expect((await t.request('POST', `/api/rewards/${waiting.id}/cancel`, { cookie: manager })).status).toBe(200);
      expect(await refundsOf(paymentId)).toMatchObject({ refunded: '0', remaining: '5', refunds: [{ id: waiting.id, state: 'cancelled' }] });
      expect((await refundOf(await refund(paymentId, { amount: '2' }, { cookie: ops }))).state).toBe('completed');
    } finally {
      await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: NO_LIMITS });
    }
  });

  it('refuses in words a payment that is unknown, app-to-user or not completed, and pays nothing', async () => {
    const buyerOfNothing = await createUser(t.emulator);
    const approved = await control<{ identifier: string }>(t.emulator, 'POST', '/u2a', { uid: buyerOfNothing.uid, amount: 2, memo: 'Gems', metadata: {} });
    await emulatorOk(t.emulator, 'POST', `/v2/payments/${approved.identifier}/approve`);
    const a2u = await newA2U(t, { amount: '2' });
    const paymentsBefore = await platformPayments();

    const unknown = await refund('NoSuchPaymentAnywhere0000000', { amount: '1' });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ code: 'payment_not_found', message: 'No payment with this id on the platform.' });

    const appToUser = await refund(a2u.identifier, { amount: '1' });
    expect(appToUser.status).toBe(422);
    expect(await errorOf(appToUser)).toMatchObject({ code: 'not_user_to_app', message: 'Only a payment from a user to the app can be refunded: this one went from the app to the user.' });

    const notPaid = await refund(approved.identifier, { amount: '1' });
    expect(notPaid.status).toBe(422);
    expect(await errorOf(notPaid)).toMatchObject({ code: 'payment_not_completed', message: 'Only a completed payment can be refunded: the user has not paid this one yet.' });
    expect(await refundsOf(approved.identifier)).toMatchObject({ amount: '2', refunded: '0', remaining: '0', notRefundable: { code: 'payment_not_completed' }, refunds: [] });

    expect(await platformPayments()).toBe(paymentsBefore);
  });

  it('takes a decimal amount and a refund-pay role only, and an Idempotency-Key', async () => {
    const { paymentId } = await buyer(2);
    expect((await refund(paymentId, { amount: '1' }, { cookie: support })).status).toBe(403);
    for (const [amount, message] of [
      [1, /amount: must be a decimal string/],
      ['0', /amount: must be a decimal string greater than 0/],
      ['0.12345678', /at most 7 decimal places/],
      ['1e0', /amount: must be a decimal/],
    ] as const) {
      const response = await refund(paymentId, { amount });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(message);
    }
    const noKey = await t.request('POST', `/api/payments/${paymentId}/refunds`, { cookie: manager, body: { amount: '1' } });
    expect(noKey.status).toBe(400);
    expect((await errorOf(noKey)).message).toMatch(/Idempotency-Key header is required/);
    const tooLong = await refund(paymentId, { amount: '1', memo: 'm'.repeat(501) });
    expect((await errorOf(tooLong)).message).toMatch(/memo: must be at most 500 characters/);
    expect(await refundsOf(paymentId)).toMatchObject({ refunded: '0', remaining: '2', refunds: [] });
  });

  it('never refunds more than the payment under concurrent requests with different keys, from several staff members', async () => {
    const { user, paymentId } = await buyer(3);
    const before = (await ledgerTransactions(t.emulator)).length;
    const askers = [manager, ops, admin];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => refund(paymentId, { amount: '1' }, { cookie: askers[i % askers.length] ?? manager })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 422)).toHaveLength(9);
    const made = await Promise.all(answers.filter((answer) => answer.status === 201).map(refundOf));
    const ended = await Promise.all(made.map((each) => settled(each.id)));
    expect(ended.map((each) => each.state)).toEqual(['completed', 'completed', 'completed']);

    expect(await refundsOf(paymentId)).toMatchObject({ refunded: '3', remaining: '0' });
    const paid = await paidTo(user, before);
    expect(paid.hashes.sort()).toEqual(ended.map((each) => each.txid).sort());
    expect(paid.total).toBe(30_000_000n);
  });

  it('answers a refund by its id for the app’s backend, and takes its request shape', async () => {
    const { paymentId } = await buyer(1);
    const made = await refundOf(await refund(paymentId, { amount: '0.25' }));
    expect(await t.services.refunds.get(made.id)).toMatchObject({ id: made.id, refundOf: paymentId, amount: '0.25', state: 'completed' });
    const other = await createUser(t.emulator);
    await expect(t.services.refunds.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'refund_not_found' });
    const reward = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid: other.uid, amount: '1', memo: 'not a refund' }, headers: { 'idempotency-key': newKey() } });
    const { reward: plain } = (await reward.json()) as { reward: { id: string } };
    await expect(t.services.refunds.get(plain.id)).rejects.toMatchObject({ code: 'refund_not_found', message: 'No refund with this id.' });

    expect(refundRequestSchema.parse({ paymentId, amount: '1.50' })).toEqual({ paymentId, amount: '1.5' });
    expect(refundRequestSchema.safeParse({ paymentId: '../x', amount: '1' }).success).toBe(false);
  });
});
