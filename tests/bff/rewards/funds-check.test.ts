import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromScaled, toScaled } from '../../../common/amount.ts';
import type { BatchView } from '../../../bff/src/batches/batch-view.ts';
import { payAppWallet, payFromAppWallet } from '../../support/chain-transactions.ts';
import { control, createUsers, ledgerTransactions, nativeBalance, type ControlUser } from '../../support/emulator-control.ts';
import { batchCsv, waitForBatch } from '../../support/reward-batches.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface RewardView {
  id: string;
  state: string;
  paymentId: string | null;
  error: { code: string; message: string } | null;
}

const MINIMUM_BALANCE = toScaled('1'); // (2 + 0 subentries) × 0.5
const FEE = toScaled('0.01');

/** What the app wallet cannot pay does not go upstream: it waits, says what it lacks, and goes on by itself once funded. */
describe.each(storeKinds)('the funds check on %s', (kind) => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    manager = await t.signInAs('manager');
  });
  afterAll(() => t.close());

  /** Pays all but `free` above the minimum balance away, out of band, as another sender would. */
  async function leaveFree(free: string): Promise<void> {
    const [sink] = await createUsers(t.emulator, 1);
    const balance = toScaled(await nativeBalance(t.emulator, t.emulator.appWallet.address));
    await payFromAppWallet(t.emulator, { to: sink?.wallet_address ?? '', amount: fromScaled(balance - MINIMUM_BALANCE - FEE - toScaled(free)) });
  }

  async function fund(amount: string): Promise<void> {
    const [donor] = await createUsers(t.emulator, 1);
    if (!donor) throw new Error('no donor');
    await payAppWallet(t.emulator, donor, { amount });
  }

  const platformPayments = async () => (await control<{ total: number }>(t.emulator, 'GET', '/payments?limit=1')).total;
  const rewardOf = async (id: string) => ((await (await t.request('GET', `/api/rewards/${id}`, { cookie: manager })).json()) as { reward: RewardView }).reward;
  const batchOf = async (id: string) => ((await (await t.request('GET', `/api/rewards/batches/${id}`, { cookie: manager })).json()) as { batch: BatchView }).batch;
  const paidTo = async (user: ControlUser) => (await ledgerTransactions(t.emulator)).filter((tx) => tx.destination === user.wallet_address && tx.successful).length;
  const ticked = <T>(read: () => Promise<T>) => async () => {
    await t.services.batchRunner.tick();
    await t.services.rewardWorker.tick();
    return read();
  };

  it('keeps a reward the wallet cannot pay from the platform, says how much is missing, and pays it once funded', async () => {
    await leaveFree('1.005');
    const [user] = await createUsers(t.emulator, 1);
    if (!user) throw new Error('no user');
    const before = await platformPayments();
    const answer = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount: '1', memo: 'funds' }, headers: { 'idempotency-key': `funds-${kind}` } });
    const { reward } = (await answer.json()) as { reward: RewardView };
    expect(reward).toMatchObject({ state: 'requested', paymentId: null, error: { code: 'needs_funds', message: expect.stringContaining('Needs funds: 0.005 more') } });
    expect(await platformPayments()).toBe(before);

    await fund('2');
    await expect.poll(ticked(async () => (await rewardOf(reward.id)).state), { timeout: 45_000, interval: 500 }).toBe('completed');
    expect(await paidTo(user)).toBe(1);
  });

  async function uploadBatch(users: readonly ControlUser[]): Promise<string> {
    const upload = await t.app.request('/api/rewards/batches', {
      method: 'POST',
      headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie: manager, 'content-type': 'text/csv' },
      body: batchCsv(users.map((user) => user.uid), '1'),
    });
    return ((await upload.json()) as { batch: BatchView }).batch.id;
  }
  const start = (id: string) => t.request('POST', `/api/rewards/batches/${id}/start`, { cookie: manager });
  const pauseAudit = (id: string) =>
    t.store.sql.rows<{ action: string; actor_email: string | null }>(`SELECT action, actor_email FROM audit_events WHERE target = 'reward_batch:${id}' AND action LIKE 'reward_batch.%' ORDER BY id`);

  it('says in the preview what a batch lacks, and started, it waits paused with nothing sent until the wallet is funded', async () => {
    await fund('10');
    await leaveFree('2.5');
    const users = await createUsers(t.emulator, 4);
    const id = await uploadBatch(users);
    // Four rows of 1 with a fee of 0.01 each: 4.04 against 2.5.
    expect((await batchOf(id)).shortfallToStart).toBe('1.54');
    const before = await platformPayments();
    expect((await start(id)).status).toBe(200);
    const waiting = await batchOf(id);
    expect(waiting).toMatchObject({ state: 'paused', needsFunds: '1.54' });
    await t.services.batchRunner.tick();
    expect(await platformPayments()).toBe(before);

    await fund('3');
    const finished = await waitForBatch(ticked(() => batchOf(id)), (batch) => batch.state === 'finished', 60_000);
    expect(finished).toMatchObject({ needsFunds: null, progress: { done: 4, failed: 0, remaining: 0 } });
    expect(await Promise.all(users.map(paidTo))).toEqual([1, 1, 1, 1]);
    expect((await pauseAudit(id)).map((row) => [row.action, row.actor_email])).toEqual([
      ['reward_batch.upload', 'manager@sandbox.local'],
      ['reward_batch.start', 'manager@sandbox.local'],
      ['reward_batch.resume', null],
    ]);
  });

  it('pauses a running batch before a row it cannot pay, rather than failing rows on the chain, and pays the rest once funded, each user once', async () => {
    await fund('10');
    await leaveFree('10');
    const users = await createUsers(t.emulator, 4);
    const id = await uploadBatch(users);
    expect((await start(id)).status).toBe(200);
    expect((await batchOf(id)).state).toBe('running');
    // Another sender spends from the wallet before the rows go: two rows fit (1.01 each), the rest do not.
    await leaveFree('2.5');

    // What it lacks: the two rows left (2.02) less what is free (0.48). A row paid on the chain but not yet
    // recorded as completed counts twice for a moment as the batch pauses; the runner's next check says it right.
    const paused = await waitForBatch(ticked(() => batchOf(id)), (batch) => batch.state === 'paused' && batch.progress.done === 2 && batch.needsFunds === '1.54', 45_000);
    expect(paused.needsFunds).toBe('1.54');
    // Rows go side by side, so which two were paid first is the order their funds checks came in.
    expect((await Promise.all(users.map(paidTo))).sort()).toEqual([0, 0, 1, 1]);
    const failed = (await ledgerTransactions(t.emulator)).filter((tx) => !tx.successful);
    expect(failed, 'no row may fail on the chain for want of funds').toEqual([]);

    await fund('3');
    const finished = await waitForBatch(ticked(() => batchOf(id)), (batch) => batch.state === 'finished', 60_000);
    expect(finished).toMatchObject({ needsFunds: null, progress: { done: 4, failed: 0, remaining: 0 } });
    expect(await Promise.all(users.map(paidTo))).toEqual([1, 1, 1, 1]);
    expect((await pauseAudit(id)).map((row) => [row.action, row.actor_email]).slice(2)).toEqual([
      ['reward_batch.pause', null],
      ['reward_batch.resume', null],
    ]);
  });
});
