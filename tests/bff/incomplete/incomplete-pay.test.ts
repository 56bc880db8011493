import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFaults, control, createUser, ledgerTransactions, nativeBalance, setFaults, stroops, type ControlUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Item {
  listed: { identifier: string };
  plan: { action: string; reason: string };
}
type Line = { type: string; id?: string; result?: string; code?: string; message?: string };
interface RewardView {
  id: string;
  state: string;
  paymentId: string | null;
  txid: string | null;
  requestedBy: { email: string } | null;
}

/** With an app wallet, an A2U payment without a transaction can be paid from the incomplete list, through the rewards pipeline. */
describe.each(storeKinds)('submit and complete from the incomplete payments on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    ops = await t.signInAs('ops');
    manager = await t.signInAs('manager');
  });
  beforeEach(() => clearFaults(t.emulator));
  afterAll(() => t.close());

  /** Clears as the console's page does after its dry run: for real, paying what the plan says to pay. */
  async function clear(body: Record<string, unknown>): Promise<Line[]> {
    const response = await t.request('POST', '/api/incomplete/clear', { cookie: ops, body: { dryRun: false, unpaid: 'submit_and_complete', ...body } });
    expect(response.status).toBe(200);
    return (await response.text()).trim().split('\n').map((line) => JSON.parse(line) as Line);
  }

  async function planOf(id: string): Promise<Item['plan'] | undefined> {
    const { items } = (await (await t.request('POST', '/api/incomplete/clear', { cookie: ops, body: { dryRun: true, ids: [id] } })).json()) as { items: Item[] };
    return items.find((item) => item.listed.identifier === id)?.plan;
  }

  async function rewardsOf(user: ControlUser): Promise<RewardView[]> {
    return ((await (await t.request('GET', `/api/rewards?uid=${user.uid}`, { cookie: manager })).json()) as { rewards: RewardView[] }).rewards;
  }

  async function expectPaidOnce(user: ControlUser, opening: string, paymentId: string, amount: bigint): Promise<string> {
    const toUser = (await ledgerTransactions(t.emulator)).filter((tx) => tx.destination === user.wallet_address && tx.successful);
    expect(toUser).toHaveLength(1);
    expect(stroops(await nativeBalance(t.emulator, user.wallet_address)) - stroops(opening)).toBe(amount);
    const payment = await t.platform.getPayment(paymentId);
    expect(payment.status.developer_completed).toBe(true);
    expect(payment.transaction?.txid).toBe(toUser[0]?.hash);
    return toUser[0]?.hash ?? '';
  }

  it("pays a payment the app's backend created and left without a transaction, once, with a reward adopted for it", async () => {
    const user = await createUser(t.emulator);
    const opening = await nativeBalance(t.emulator, user.wallet_address);
    const payment = await t.platform.createPayment({ amount: '3.5', memo: 'from the backend', metadata: { order: 7 }, uid: user.uid });
    expect(await planOf(payment.identifier)).toEqual({ action: 'submit_and_complete', reason: expect.stringContaining('submit and complete pays the user once') });

    const lines = await clear({ ids: [payment.identifier] });
    expect(lines.find((line) => line.id === payment.identifier)).toMatchObject({ result: 'completed' });
    const txid = await expectPaidOnce(user, opening, payment.identifier, 35_000_000n);

    const [reward, ...others] = await rewardsOf(user);
    expect(others).toEqual([]);
    expect(reward).toMatchObject({ state: 'completed', paymentId: payment.identifier, txid, requestedBy: { email: 'ops@sandbox.local' } });
    const adopted = await t.store.sql.rows<{ action: string; actor_email: string | null }>(`SELECT action, actor_email FROM audit_events WHERE target = 'reward:${reward?.id ?? ''}' AND action = 'reward.adopt'`);
    expect(adopted).toEqual([{ action: 'reward.adopt', actor_email: 'ops@sandbox.local' }]);
    const paid = await t.store.sql.rows<{ outcome: string; actor_email: string | null }>(`SELECT outcome, actor_email FROM audit_events WHERE target = 'payment:${payment.identifier}' AND action = 'payment.submit_and_complete'`);
    expect(paid).toEqual([{ outcome: 'ok', actor_email: 'ops@sandbox.local' }]);

    // Listed no more; clearing again pays nothing more.
    await clear({});
    await expectPaidOnce(user, opening, payment.identifier, 35_000_000n);
  });

  it("drives the console's own reward when the payment names it, instead of adopting another", async () => {
    const user = await createUser(t.emulator);
    const opening = await nativeBalance(t.emulator, user.wallet_address);
    // Horizon gives no definite answer, and cannot be asked what became of the envelope: the reward
    // waits, signed, and the payment has no transaction. (Only the hash look-up fails: signing reads
    // the ledger clock, whether it does depends on how long ago it was last read.)
    await setFaults(t.emulator, [
      { route: 'POST /horizon/transactions', kind: 'error', status: 500, times: 1 },
      { route: 'GET /horizon/transactions/*', kind: 'error', status: 500 },
    ]);
    const answer = await t.request('POST', '/api/rewards', { cookie: manager, headers: { 'idempotency-key': `own-${kind}` }, body: { uid: user.uid, amount: '2', memo: 'thanks' } });
    const { reward } = (await answer.json()) as { reward: RewardView };
    expect(reward.state).toBe('signed');
    await clearFaults(t.emulator);
    const paymentId = reward.paymentId ?? '';
    expect(await planOf(paymentId)).toMatchObject({ action: 'submit_and_complete' });

    const lines = await clear({ ids: [paymentId] });
    expect(lines.find((line) => line.id === paymentId)).toMatchObject({ result: 'completed' });
    await expectPaidOnce(user, opening, paymentId, 20_000_000n);
    expect((await rewardsOf(user)).map((row) => [row.id, row.state])).toEqual([[reward.id, 'completed']]);
  });

  it('adopts a payment that looks like a reward paid today: clearing it is the confirmation, since the payment already exists', async () => {
    const user = await createUser(t.emulator);
    const body = { uid: user.uid, amount: '1.5', memo: 'weekly prize' };
    const answer = await t.request('POST', '/api/rewards', { cookie: manager, headers: { 'idempotency-key': `look-alike-${kind}` }, body });
    const { reward: paid } = (await answer.json()) as { reward: RewardView };
    expect(paid.state).toBe('completed');
    const payment = await t.platform.createPayment({ ...body, metadata: {}, uid: user.uid });

    const lines = await clear({ ids: [payment.identifier] });
    expect(lines.find((line) => line.id === payment.identifier)).toMatchObject({ result: 'completed' });
    const states = Object.fromEntries((await rewardsOf(user)).map((row) => [row.paymentId === payment.identifier ? 'adopted' : row.id, row.state]));
    expect(states).toEqual({ [paid.id]: 'completed', adopted: 'completed' });
    expect((await ledgerTransactions(t.emulator)).filter((tx) => tx.destination === user.wallet_address && tx.successful)).toHaveLength(2);
  });

  it('still cancels instead when asked to, and nothing is paid', async () => {
    const user = await createUser(t.emulator);
    const payment = await t.platform.createPayment({ amount: '1', memo: 'not to be paid', metadata: {}, uid: user.uid });
    const lines = await clear({ ids: [payment.identifier], unpaid: 'cancel' });
    expect(lines.find((line) => line.id === payment.identifier)).toMatchObject({ result: 'cancelled' });
    expect((await ledgerTransactions(t.emulator)).filter((tx) => tx.destination === user.wallet_address)).toEqual([]);
    expect(await rewardsOf(user)).toEqual([]);
    const { payments } = await control<{ payments: Array<{ identifier: string; status: { cancelled: boolean } }> }>(t.emulator, 'GET', '/payments?limit=10000');
    expect(payments.find((candidate) => candidate.identifier === payment.identifier)?.status.cancelled).toBe(true);
  });
});
