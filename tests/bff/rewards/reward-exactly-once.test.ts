import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFaults, control, createUser, ledgerTransactions, nativeBalance, setFaults, stroops, type ControlUser, type Fault } from '../../support/emulator-control.ts';
import { PACES } from '../../support/paces.ts';
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

const cases = storeKinds.flatMap((kind) => PACES.map((pace) => ({ kind, ...pace })));
/** Short-lived envelopes, so that one that never lands is known dead within seconds. */
const LIFETIME_SECONDS = 4;

/** In process, against the real emulator and its ledger: concurrency and answers lost after the upstream applied them. */
describe.each(cases)('rewards are paid exactly once on $kind, $pace', ({ kind, network }) => {
  let t: TestApp;
  let manager: string;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true, transactionLifetimeSeconds: LIFETIME_SECONDS, ...(network ? { network } : {}) });
    manager = await t.signInAs('manager');
  });
  beforeEach(() => clearFaults(t.emulator));
  afterAll(() => t.close());

  const pay = (user: ControlUser, key = `exactly-once-${kind}-${++keys}`, amount = '1.25') =>
    t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount, memo: 'thank you', metadata: { campaign: 'test' } }, headers: { 'idempotency-key': key } });

  async function settled(id: string): Promise<RewardView> {
    for (let i = 0; i < 600; i++) {
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

  const steps = async (id: string): Promise<Array<{ step: string; detail: Record<string, unknown> }>> => {
    const { events } = (await (await t.request('GET', `/api/rewards/${id}`, { cookie: manager })).json()) as { events: Array<{ step: string; detail: Record<string, unknown> }> };
    return events;
  };

  // A network that closes a ledger per transaction shows, when idle, a last close long past.
  if (!network) {
    it('pays once after the network has been idle longer than an envelope lives', async () => {
      const user = await createUser(t.emulator);
      const opening = await nativeBalance(t.emulator, user.wallet_address);
      const latestClose = async () => {
        const page = (await (await fetch(`${t.emulator.horizonUrl}/ledgers?order=desc&limit=1`)).json()) as { _embedded: { records: Array<{ closed_at: string }> } };
        return Date.parse(page._embedded.records[0]?.closed_at ?? '');
      };
      const lastClose = await latestClose();
      await expect.poll(() => Date.now() - lastClose, { timeout: 20_000, interval: 250 }).toBeGreaterThan((LIFETIME_SECONDS + 2) * 1000);
      const { reward } = (await (await pay(user)).json()) as { reward: RewardView };
      await expectPaidOnce(user, opening, await settled(reward.id));
      expect((await steps(reward.id)).filter((event) => event.step === 'signed')).toHaveLength(1);
    });
  }

  // Only a ledger clock can hold a transaction back, or let a ledger close past an envelope's maxTime.
  if (network) {
    it('waits past a 504 for a transaction that lands late, sending the same envelope, and pays once', async () => {
      const user = await createUser(t.emulator);
      const opening = await nativeBalance(t.emulator, user.wallet_address);
      // Held back 8 ledgers (1.6 s): longer than Horizon's 1 s wait, well inside the envelope's lifetime.
      await setFaults(t.emulator, [{ route: 'POST /horizon/transactions', kind: 'late_inclusion', ledgers: 8, times: 1 }]);
      const { reward } = (await (await pay(user)).json()) as { reward: RewardView };
      const paid = await settled(reward.id);
      await expectPaidOnce(user, opening, paid);
      const timeline = await steps(reward.id);
      expect(timeline.filter((event) => event.step === 'signed')).toHaveLength(1);
      expect(timeline.map((event) => event.detail.code)).toContain('awaiting_ledger');
    });

    it('builds a new transaction only once a ledger has closed past the maxTime of one that never landed, and pays once', async () => {
      const user = await createUser(t.emulator);
      const opening = await nativeBalance(t.emulator, user.wallet_address);
      // Held back far past its lifetime: the network drops it from its queue when its maxTime passes.
      await setFaults(t.emulator, [{ route: 'POST /horizon/transactions', kind: 'late_inclusion', ledgers: 1_000, times: 1 }]);
      const { reward } = (await (await pay(user)).json()) as { reward: RewardView };
      const paid = await settled(reward.id);
      await expectPaidOnce(user, opening, paid);
      const timeline = await steps(reward.id);
      const signed = timeline.filter((event) => event.step === 'signed');
      expect(signed).toHaveLength(2);
      // Dead by the network's clock: a ledger closed past its maxTime, or the network refused it as too late.
      const abandoned = timeline.filter((event) => event.step === 'envelope_abandoned').map((event) => event.detail.reason);
      expect(abandoned).toHaveLength(1);
      expect(['expired', 'tx_too_late']).toContain(abandoned[0]);
      // The first transaction never reached the ledger.
      expect((await ledgerTransactions(t.emulator)).map((tx) => tx.hash)).not.toContain(signed[0]?.detail.hash);
    });
  }

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
