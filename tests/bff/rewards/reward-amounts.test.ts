import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REWARD_ID_METADATA_KEY } from '../../../common/limits.ts';
import { clearFaults, control, createUser, ledgerTransactions, nativeBalance, setFaults, stroops, type ControlUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { errorOf } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface RewardView {
  id: string;
  state: string;
  amount: string;
  paymentId: string | null;
  error: { code: string; message: string } | null;
}

interface Preview {
  batch: { rows: number; valid: number; invalid: number; total: string };
  notes: Array<{ line: number; problems: Array<{ column: string | null; message: string }> }>;
}

interface EmulatorPayment {
  identifier: string;
  user_uid: string;
  amount: number;
  transaction: unknown;
}

/** Issue 28, exact amounts: what the console pays is what the platform's payment says and what the ledger moves, or nothing at all. */
describe.each(storeKinds)('exact amounts on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let ops: string;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [manager, ops] = await Promise.all([t.signInAs('manager'), t.signInAs('ops')]);
  });
  beforeEach(() => clearFaults(t.emulator));
  afterAll(() => t.close());

  const pay = (user: Pick<ControlUser, 'uid'>, amount: string) =>
    t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount, memo: 'thank you', metadata: {} }, headers: { 'idempotency-key': `amounts-${kind}-${++keys}` } });
  const paymentCount = async () => (await control<{ total: number }>(t.emulator, 'GET', '/payments?limit=1')).total;
  const paymentsOf = async (user: ControlUser) => (await control<{ payments: EmulatorPayment[] }>(t.emulator, 'GET', '/payments?limit=10000')).payments.filter((payment) => payment.user_uid === user.uid);
  const rewardOf = async (id: string) => ((await (await t.request('GET', `/api/rewards/${id}`, { cookie: manager })).json()) as { reward: RewardView }).reward;
  const driveDue = async (id: string) => {
    await t.store.sql.exec(`UPDATE rewards SET next_attempt_at = now() WHERE id = '${id}'`);
    await t.services.rewardWorker.tick();
    await t.services.rewardWorker.idle();
  };

  /** A reward whose create got no answer (the platform made nothing): it waits, `requested`, to look for its payment and create again. */
  async function rewardAfterLostCreate(user: ControlUser, amount = '1.25'): Promise<RewardView> {
    await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'error', status: 503, times: 1 }]);
    const { reward } = (await (await pay(user, amount)).json()) as { reward: RewardView };
    expect(reward.state).toBe('requested');
    return reward;
  }

  it.each([
    ['an amount a JSON number changes', '600000000.0000003', 'amount: 600000000.0000003 cannot be sent exactly: the platform would receive 600000000.0000004'],
    ['one stroop over the chain’s maximum', '922337203685.4775808', 'amount: 922337203685.4775808 is more than the chain can hold (at most 922337203685.4775807)'],
  ])('refuses %s with 400 and the reason, before any upstream call', async (_case, amount, message) => {
    const user = await createUser(t.emulator);
    const [paymentsBefore, ledgerBefore] = [await paymentCount(), (await ledgerTransactions(t.emulator)).length];
    const response = await pay(user, amount);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_input', message, field: 'amount' });
    expect(await paymentCount()).toBe(paymentsBefore);
    expect((await ledgerTransactions(t.emulator)).length).toBe(ledgerBefore);
  });

  it('pays a large amount a JSON number carries exactly: the platform’s payment and the ledger both say it, and it completes', async () => {
    const user = await createUser(t.emulator);
    const opening = await nativeBalance(t.emulator, user.wallet_address);
    const response = await pay(user, '600000000.0000004');
    expect(response.status).toBe(201);
    const { reward } = (await response.json()) as { reward: RewardView };
    expect(reward.state).toBe('completed');
    const [payment] = await paymentsOf(user);
    expect(payment?.amount).toBe(600000000.0000004);
    const toUser = (await ledgerTransactions(t.emulator)).filter((tx) => tx.destination === user.wallet_address);
    expect(toUser.map((tx) => [tx.amount, tx.successful])).toEqual([['600000000.0000004', true]]);
    expect(stroops(await nativeBalance(t.emulator, user.wallet_address)) - stroops(opening)).toBe(6_000_000_000_000_004n);
  });

  it('flags such rows in the batch preview with the reason; they are not valid rows', async () => {
    const paymentsBefore = await paymentCount();
    const csv = ['uid,amount,memo', 'alice,1.5,thanks', 'bob,600000000.0000003,thanks', 'carol,922337203685.4775808,thanks'].join('\n');
    const response = await t.app.request('/api/rewards/batches?name=amounts.csv', {
      method: 'POST',
      headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie: manager, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(response.status).toBe(201);
    const { batch, notes } = (await response.json()) as Preview;
    expect(batch).toMatchObject({ rows: 3, valid: 1, invalid: 2, total: '1.5' });
    // Line 2 is valid; its note only warns that the console has never seen alice.
    expect(notes.filter((note) => note.problems.length > 0).map((note) => [note.line, note.problems])).toEqual([
      [3, [{ column: 'amount', message: '600000000.0000003 cannot be sent exactly: the platform would receive 600000000.0000004' }]],
      [4, [{ column: 'amount', message: '922337203685.4775808 is more than the chain can hold (at most 922337203685.4775807)' }]],
    ]);
    expect(await paymentCount()).toBe(paymentsBefore);
  });

  // The platform's payment that the reward finds after a lost answer names the reward in its metadata,
  // but was made by someone else holding the server key, and says something other than the reward.
  it.each([
    ['amount', (user: ControlUser) => ({ uid: user.uid, amount: '2', memo: 'thank you' }), ['amount 1.25 on the reward, 2 on the platform']],
    ['memo', (user: ControlUser) => ({ uid: user.uid, amount: '1.25', memo: 'another memo' }), ['memo "thank you" on the reward, "another memo" on the platform']],
  ])('signs nothing when the platform’s payment differs in its %s, and sets the reward aside showing both values', async (_field, impostorOf, shown) => {
    const user = await createUser(t.emulator);
    const reward = await rewardAfterLostCreate(user);
    const impostor = await t.platform.createPayment({ ...impostorOf(user), metadata: { [REWARD_ID_METADATA_KEY]: reward.id } });
    const ledgerBefore = (await ledgerTransactions(t.emulator)).length;

    await driveDue(reward.id);

    const setAside = await rewardOf(reward.id);
    expect(setAside).toMatchObject({ state: 'needs_attention', paymentId: impostor.identifier, error: { code: 'payment_mismatch' } });
    expect(setAside.error?.message).toMatch(/^The platform's payment is not what this reward asks for, so the console signed nothing\. A person must look at it: /);
    for (const words of shown) expect(setAside.error?.message).toContain(words);
    expect((await ledgerTransactions(t.emulator)).length).toBe(ledgerBefore);
    expect((await t.platform.getPayment(impostor.identifier)).transaction).toBeNull();
  });

  it('signs nothing when the platform’s payment is to another user', async () => {
    const [user, other] = await Promise.all([createUser(t.emulator), createUser(t.emulator)]);
    const reward = await rewardAfterLostCreate(user);
    await t.platform.createPayment({ uid: other.uid, amount: '1.25', memo: 'thank you', metadata: { [REWARD_ID_METADATA_KEY]: reward.id } });
    const ledgerBefore = (await ledgerTransactions(t.emulator)).length;

    await driveDue(reward.id);

    const setAside = await rewardOf(reward.id);
    expect(setAside).toMatchObject({ state: 'needs_attention', error: { code: 'payment_mismatch' } });
    expect(setAside.error?.message).toContain(`user ${JSON.stringify(user.uid)} on the reward, ${JSON.stringify(other.uid)} on the platform`);
    expect((await ledgerTransactions(t.emulator)).length).toBe(ledgerBefore);
  });

  it('ends at once, failed with the reason, a stored reward whose amount the chain cannot hold: no payment, no retries', async () => {
    const user = await createUser(t.emulator);
    const reward = await rewardAfterLostCreate(user);
    // A reward stored before the console checked amounts this way, as in the issue.
    await t.store.sql.exec(`UPDATE rewards SET amount = '922337203685.4775808' WHERE id = '${reward.id}'`);

    await driveDue(reward.id);

    const ended = await rewardOf(reward.id);
    expect(ended).toMatchObject({ state: 'failed', error: { code: 'unpayable_amount', message: '922337203685.4775808 is more than the chain can hold (at most 922337203685.4775807)' } });
    expect(await paymentsOf(user)).toEqual([]);
    const [due] = await t.store.sql.rows<{ due: number }>(`SELECT count(*)::int AS due FROM rewards WHERE id = '${reward.id}' AND state IN ('requested', 'created', 'signed', 'submitted')`);
    expect(due?.due).toBe(0);
  });

  it('ends at once, failed with the reason, a payment from elsewhere whose amount cannot be paid exactly: nothing is signed', async () => {
    const user = await createUser(t.emulator);
    // The app's backend made it with a JSON number the console would not send: the platform keeps 922337203685.4775,
    // the nearest double is 922337203685.4775390625, and the console reads 922337203685.4775391.
    const created = await fetch(`${t.emulator.url}/payments`, {
      method: 'POST',
      headers: { authorization: `Key ${t.emulator.key}`, 'content-type': 'application/json' },
      body: `{"payment":{"uid":${JSON.stringify(user.uid)},"amount":922337203685.4775,"memo":"from the backend","metadata":{}}}`,
    });
    expect(created.status).toBe(200);
    const { identifier } = (await created.json()) as EmulatorPayment;
    const ledgerBefore = (await ledgerTransactions(t.emulator)).length;

    const cleared = await t.request('POST', '/api/incomplete/clear', { cookie: ops, body: { dryRun: false, ids: [identifier], unpaid: 'submit_and_complete' } });
    expect(cleared.status).toBe(200);
    const result = (await cleared.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: string; result?: string; code?: string; message?: string })
      .find((line) => line.id === identifier);
    expect(result).toMatchObject({ result: 'failed', code: 'unpayable_amount' });
    expect(result?.message).toContain('922337203685.4775391 cannot be sent exactly: the platform would receive 922337203685.4775');
    expect((await ledgerTransactions(t.emulator)).length).toBe(ledgerBefore);
    expect((await t.platform.getPayment(identifier)).transaction).toBeNull();
  });
});
