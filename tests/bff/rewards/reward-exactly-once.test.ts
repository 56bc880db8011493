import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFaults, control, createUser, ledgerTransactions, nativeBalance, setFaults, stroops, type ControlUser, type Fault } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface RewardView {
  id: string;
  state: string;
  paymentId: string | null;
  txid: string | null;
  transactionLink: string | null;
  error: { code: string; message: string } | null;
}

/** In process, against the real emulator and its ledger: concurrency and answers lost after the upstream applied them. */
describe.each(storeKinds)('rewards are paid exactly once on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    manager = await t.signInAs('manager');
  });
  beforeEach(() => clearFaults(t.emulator));
  afterAll(() => t.close());

  const pay = (user: ControlUser, key = `exactly-once-${kind}-${++keys}`, amount = '1.25') =>
    t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount, memo: 'thank you', metadata: { campaign: 'test' } }, headers: { 'idempotency-key': key } });

  async function settled(id: string): Promise<RewardView> {
    for (let i = 0; i < 200; i++) {
      await t.services.rewardWorker.tick();
      await t.services.rewardWorker.idle();
      const { reward } = (await (await t.request('GET', `/api/rewards/${id}`, { cookie: manager })).json()) as { reward: RewardView };
      if (!['requested', 'created', 'signed', 'submitted'].includes(reward.state)) return reward;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`reward ${id} did not settle`);
  }

  async function expectPaidOnce(user: ControlUser, opening: string, reward: RewardView, amount = 12_500_000n): Promise<void> {
    expect(reward.state).toBe('completed');
    const toUser = (await ledgerTransactions(t.emulator)).filter((tx) => tx.destination === user.wallet_address && tx.successful);
    expect(toUser.map((tx) => tx.hash)).toEqual([reward.txid]);
    expect(stroops(await nativeBalance(t.emulator, user.wallet_address)) - stroops(opening)).toBe(amount);
    const { payments } = await control<{ payments: Array<{ user_uid: string; identifier: string }> }>(t.emulator, 'GET', '/payments?limit=10000');
    expect(payments.filter((payment) => payment.user_uid === user.uid).map((payment) => payment.identifier)).toEqual([reward.paymentId]);
  }

  it('pays a reward: completed, with its transaction link, in the payment index', async () => {
    const user = await createUser(t.emulator);
    const opening = await nativeBalance(t.emulator, user.wallet_address);
    const response = await pay(user);
    expect(response.status).toBe(201);
    const { reward } = (await response.json()) as { reward: RewardView };
    await expectPaidOnce(user, opening, reward);
    expect(reward.transactionLink).toBe(`${t.emulator.horizonUrl}/transactions/${reward.txid}`);
    const indexed = (await (await t.request('GET', `/api/payments/${reward.paymentId}`, { cookie: manager })).json()) as { payment: { state: string }; timeline: unknown[] };
    expect(indexed.payment.state).toBe('completed');
    expect(indexed.timeline.length).toBeGreaterThan(0);
  });

  it('50 concurrent requests with one key make one payment and one transaction', async () => {
    const user = await createUser(t.emulator);
    const opening = await nativeBalance(t.emulator, user.wallet_address);
    const key = `one-key-${kind}`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(user, key)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.every((status) => [200, 201, 409].includes(status))).toBe(true);
    const ids = new Set(
      await Promise.all(answers.filter((answer) => answer.status !== 409).map(async (answer) => ((await answer.json()) as { reward: RewardView }).reward.id)),
    );
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    await expectPaidOnce(user, opening, await settled(id ?? ''));
  });

  const lostAnswers: Array<[string, Fault]> = [
    ['create', { route: 'POST /v2/payments', kind: 'apply_then_fail', times: 1 }],
    ['submit', { route: 'POST /horizon/transactions', kind: 'apply_then_fail', times: 1 }],
    ['complete', { route: 'POST /v2/payments/*/complete', kind: 'apply_then_fail', times: 1 }],
    ['create (dropped)', { route: 'POST /v2/payments', kind: 'drop', times: 1 }],
    ['submit (dropped)', { route: 'POST /horizon/transactions', kind: 'drop', times: 1 }],
  ];

  it.each(lostAnswers)('pays exactly once when the answer to %s is lost after it was applied', async (_name, fault) => {
    const user = await createUser(t.emulator);
    const opening = await nativeBalance(t.emulator, user.wallet_address);
    await setFaults(t.emulator, [fault]);
    const { reward } = (await (await pay(user)).json()) as { reward: RewardView };
    await clearFaults(t.emulator);
    await expectPaidOnce(user, opening, await settled(reward.id));
  });

  it('an envelope that cannot apply yet is tried again when it expires, not a whole back-off later, and the reward is paid once', async () => {
    const user = await createUser(t.emulator);
    const opening = await nativeBalance(t.emulator, user.wallet_address);
    await setFaults(t.emulator, [{ route: 'POST /horizon/transactions', kind: 'error', status: 503 }]);
    const { reward } = (await (await pay(user)).json()) as { reward: RewardView };
    const waiting = async () => (await t.store.sql.rows<{ state: string; error_code: string | null }>(`SELECT state, error_code FROM rewards WHERE id = '${reward.id}'`))[0];
    while ((await waiting())?.error_code !== 'no_answer') await new Promise((resolve) => setTimeout(resolve, 20));
    // Its back-off is now minutes long (2^9 s), and the envelope's time bounds end in about two seconds.
    await t.store.sql.exec(`UPDATE rewards SET attempts = 9, next_attempt_at = now(), tx_max_time = now() - interval '58 seconds' WHERE id = '${reward.id}'`);
    await t.services.rewardWorker.tick();
    await t.services.rewardWorker.idle();
    const [due] = await t.store.sql.rows<{ in_seconds: number }>(`SELECT extract(epoch FROM next_attempt_at - now())::float8 AS in_seconds FROM rewards WHERE id = '${reward.id}'`);
    expect(due?.in_seconds).toBeLessThan(5);
    await clearFaults(t.emulator);
    await new Promise((resolve) => setTimeout(resolve, (due?.in_seconds ?? 0) * 1000));
    await expectPaidOnce(user, opening, await settled(reward.id));
  });

  it('under the per-app ongoing-payment rule, rewards for different users wait their turn and each is paid once', async () => {
    await control(t.emulator, 'PUT', '/config', { ongoing_rule: 'per_app' });
    try {
      const users = await Promise.all([createUser(t.emulator), createUser(t.emulator), createUser(t.emulator)]);
      const openings = await Promise.all(users.map((user) => nativeBalance(t.emulator, user.wallet_address)));
      const answers = await Promise.all(users.map(async (user) => ((await (await pay(user)).json()) as { reward: RewardView }).reward));
      for (const [i, user] of users.entries()) await expectPaidOnce(user, openings[i] ?? '', await settled(answers[i]?.id ?? ''));
    } finally {
      await control(t.emulator, 'PUT', '/config', { ongoing_rule: 'per_user' });
    }
  });
});
