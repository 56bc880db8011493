import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, createUser, ledgerTransactions, type ControlUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { errorOf } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface BatchView {
  id: string;
  state: string;
  progress: { done: number; failed: number; cancelled: number; remaining: number; blocked: number; total: number; secondsLeft: number | null };
  atLedgerPace: { ledgerMs: number; seconds: number } | null;
}
interface ResultRow {
  line: number;
  uid: string;
  state: string;
  paymentId: string | null;
  txid: string | null;
  error: { code: string; message: string } | null;
}

const NO_LIMITS = { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: null };

/** Batches paid in process against the emulator's ledger: every row once, through the single-reward pipeline. */
describe.each(storeKinds)('batch runs on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [manager, admin] = await Promise.all([t.signInAs('manager'), t.signInAs('admin')]);
  });
  beforeEach(() => t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: NO_LIMITS }));
  afterAll(() => t.close());

  const csvOf = (users: Array<{ uid: string }>, amount = '1') => `uid,amount,memo\n${users.map((user) => `${user.uid},${amount},batch`).join('\n')}\n`;
  async function upload(csv: string): Promise<string> {
    const response = await t.app.request('/api/rewards/batches', { method: 'POST', headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie: manager, 'content-type': 'text/csv' }, body: csv });
    expect(response.status).toBe(201);
    return ((await response.json()) as { batch: BatchView }).batch.id;
  }
  const act = (id: string, verb: string, cookie = manager) => t.request('POST', `/api/rewards/batches/${id}/${verb}`, { cookie });
  const batchOf = async (id: string) => ((await (await t.request('GET', `/api/rewards/batches/${id}`, { cookie: manager })).json()) as { batch: BatchView }).batch;
  const resultsOf = async (id: string) => ((await (await t.request('GET', `/api/rewards/batches/${id}/rows?limit=1000`, { cookie: manager })).json()) as { rows: ResultRow[] }).rows;
  const payments = async () => (await control<{ total: number }>(t.emulator, 'GET', '/payments?limit=1')).total;

  async function runUntilSettled(id: string, onView: (batch: BatchView) => void = () => {}): Promise<BatchView> {
    for (let i = 0; i < 600; i++) {
      await t.services.batchRunner.tick();
      await t.services.rewardWorker.tick();
      const batch = await batchOf(id);
      onView(batch);
      if (batch.progress.remaining === 0 && batch.state !== 'running') return batch;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`batch ${id} did not settle: ${JSON.stringify(await batchOf(id))}`);
  }

  async function expectEachPaidOnce(users: ControlUser[], rows: ResultRow[]): Promise<void> {
    const ledger = (await ledgerTransactions(t.emulator)).filter((tx) => tx.successful);
    for (const user of users) {
      const toUser = ledger.filter((tx) => tx.destination === user.wallet_address);
      expect(toUser.map((tx) => tx.hash)).toEqual([rows.find((row) => row.uid === user.uid)?.txid]);
    }
  }

  it('says how long its rows take at one payment per ledger, at the pace Horizon shows, before and while it runs', async () => {
    await control(t.emulator, 'PUT', '/config', { ledger_close_ms: 250 });
    try {
      const users = await Promise.all(Array.from({ length: 7 }, () => createUser(t.emulator)));
      const id = await upload(csvOf(users));
      // Once Horizon's last 50 ledgers are all at the new pace (close times are whole seconds; timers fire late, never early).
      await expect
        .poll(async () => (await batchOf(id)).atLedgerPace?.ledgerMs, { timeout: 45_000, interval: 500 })
        .toSatisfy((ledgerMs: number | undefined) => ledgerMs !== undefined && ledgerMs >= 200 && ledgerMs < 1_000);
      const { atLedgerPace, progress } = await batchOf(id);
      expect(atLedgerPace?.seconds).toBe(Math.ceil((7 * (atLedgerPace?.ledgerMs ?? 0)) / 1000));
      expect(progress).toMatchObject({ remaining: 0, blocked: 0 });

      // While it runs, the time left is its unblocked rows at the network's pace, not the first rows' speed.
      expect((await act(id, 'start')).status).toBe(200);
      const running: BatchView[] = [];
      const settled = await runUntilSettled(id, (batch) => batch.state === 'running' && batch.progress.remaining > 0 && running.push(batch));
      expect(settled).toMatchObject({ state: 'finished', progress: { done: 7, remaining: 0 } });
      expect(running.length, 'no view of the batch while it ran').toBeGreaterThan(0);
      for (const { progress: seen, atLedgerPace: pace } of running) {
        expect(seen.secondsLeft, JSON.stringify({ seen, pace })).toBe(Math.ceil(((seen.remaining - seen.blocked) * (pace?.ledgerMs ?? NaN)) / 1000));
      }
    } finally {
      await control(t.emulator, 'PUT', '/config', { ledger_close_ms: 0 });
    }
  });

  it('pays every row once, with per-row results and a results CSV', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t.emulator)));
    const id = await upload(csvOf([...users, { uid: 'no-such-user' }]));
    expect((await act(id, 'start')).status).toBe(200);
    const batch = await runUntilSettled(id);
    expect(batch).toMatchObject({ state: 'finished', progress: { done: 12, failed: 1, remaining: 0, total: 13 } });
    const rows = await resultsOf(id);
    expect(rows.filter((row) => row.state === 'completed' && row.paymentId && row.txid)).toHaveLength(12);
    expect(rows.at(-1)).toMatchObject({ line: 14, state: 'failed', error: { code: 'user_not_found', message: expect.stringMatching(/^No such user for this app\./) } });
    await expectEachPaidOnce(users, rows);

    const csv = await (await t.request('GET', `/api/rewards/batches/${id}/results.csv`, { cookie: manager })).text();
    expect(csv.trim().split('\r\n')).toHaveLength(14);

    // An unknown uid is not offered again: no retry can pay it (batch-row-stories.test.ts retries a row that can be).
    const retry = await act(id, 'retry-failed');
    expect(retry.status).toBe(409);
    expect((await errorOf(retry)).code).toBe('nothing_to_retry');
    expect((await act(id, 'start')).status).toBe(409);
  });

  it('holds a batch over the threshold for a second person: no upstream call before, never approved by the uploader', async () => {
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, approvalThreshold: '2' } });
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser(t.emulator)));
    const id = await upload(csvOf(users));
    const before = await payments();
    expect(((await (await act(id, 'start')).json()) as { batch: BatchView }).batch.state).toBe('awaiting_approval');
    await t.services.batchRunner.tick();
    await t.services.rewardWorker.tick();
    await t.services.rewardWorker.idle();
    expect(await payments()).toBe(before);
    const own = await act(id, 'approve');
    expect(own.status).toBe(403);
    expect((await errorOf(own)).code).toBe('own_request');
    expect((await act(id, 'approve', admin)).status).toBe(200);
    expect((await runUntilSettled(id)).progress.done).toBe(3);
    await expectEachPaidOnce(users, await resultsOf(id));
  });

  it('pauses, resumes and cancels: a paused batch starts no row, a cancelled one stops the rows not started', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t.emulator)));
    const id = await upload(csvOf(users));
    const before = await payments();
    await act(id, 'start');
    expect(((await (await act(id, 'pause')).json()) as { batch: BatchView }).batch.state).toBe('paused');
    await t.services.batchRunner.tick();
    await t.services.rewardWorker.tick();
    await t.services.rewardWorker.idle();
    expect(await payments()).toBe(before);
    expect((await act(id, 'resume')).status).toBe(200);
    expect(((await (await act(id, 'cancel')).json()) as { batch: BatchView }).batch).toMatchObject({ state: 'cancelled', progress: { cancelled: 6, remaining: 0 } });
    await t.services.batchRunner.tick();
    expect(await payments()).toBe(before);
    expect((await act(id, 'resume')).status).toBe(409);
  });

  it('refuses a batch that would take the uploader over the daily total, audited', async () => {
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, dailyTotalPerStaff: '1000' } });
    const id = await upload(csvOf(Array.from({ length: 3 }, (_, i) => ({ uid: `u${i}` })), '400'));
    const response = await act(id, 'start');
    expect(response.status).toBe(422);
    expect((await errorOf(response)).code).toBe('over_daily_total');
    expect((await batchOf(id)).state).toBe('previewed');
  });
});
