import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchView } from '../../../bff/src/batches/batch-view.ts';
import { createUsers } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { loggedTypes, theEvent } from './support.ts';

const NO_LIMITS = { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: null };

/** batch.* and a batch's approval.* events, and its rows' reward.created in bulk, driven through the batch routes. */
describe.each(storeKinds)('batch events on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [admin, manager] = await Promise.all([t.signInAs('admin'), t.signInAs('manager')]);
    await t.services.rewardWorker.start();
    await t.services.batchRunner.start();
  });
  beforeEach(() => t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: NO_LIMITS }));
  afterAll(() => t.close());

  const csvOf = (uids: string[], amount = '1') => `uid,amount,memo\n${uids.map((uid) => `${uid},${amount},batch`).join('\n')}\n`;
  async function upload(csv: string): Promise<string> {
    const response = await t.app.request('/api/rewards/batches', { method: 'POST', headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie: manager, 'content-type': 'text/csv' }, body: csv });
    return ((await response.json()) as { batch: BatchView }).batch.id;
  }
  const act = async (id: string, verb: string, cookie = manager, body?: unknown) => {
    const response = await t.request('POST', `/api/rewards/batches/${id}/${verb}`, { cookie, ...(body === undefined ? {} : { body }) });
    expect(response.status, `${verb}: ${await response.clone().text()}`).toBe(200);
    return ((await response.json()) as { batch: BatchView }).batch;
  };
  const rowRewards = async (batchId: string) => t.store.sql.rows<{ id: string; batch_line: number }>(`SELECT id, batch_line FROM rewards WHERE batch_id = '${batchId}' ORDER BY batch_line`);

  it('records batch.started, each row’s reward.created in bulk, and batch.finished with the batch as it stood', async () => {
    const users = await createUsers(t.emulator, 3);
    const id = await upload(csvOf(users.map((user) => user.uid)));
    await act(id, 'start');
    expect((await theEvent(t.store.db, id, 'batch.started')).data).toMatchObject({ id, state: 'running', rows: 3, valid: 3, total: '3', needsFunds: null, startedAt: expect.any(String), finishedAt: null });
    const rows = await rowRewards(id);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect((await theEvent(t.store.db, row.id, 'reward.created')).data).toMatchObject({ id: row.id, batchId: id, state: 'requested', amount: '1' });
    await expect.poll(async () => loggedTypes(t.store.db, id), { timeout: 30_000, interval: 200 }).toEqual(['batch.started', 'batch.finished']);
    expect((await theEvent(t.store.db, id, 'batch.finished')).data).toMatchObject({ id, state: 'finished', finishedAt: expect.any(String) });
    for (const row of rows) expect(await loggedTypes(t.store.db, row.id)).toEqual(['reward.created', 'reward.completed']);
  });

  it('records batch.paused when a person pauses it, and when it waits for funds', async () => {
    const users = await createUsers(t.emulator, 2);
    const paused = await upload(csvOf(users.map((user) => user.uid)));
    // The runner holds off, so that the person's pause comes before any row is paid.
    await t.services.batchRunner.stop();
    try {
      await act(paused, 'start');
      await act(paused, 'pause');
      // A resume or a cancel records no event of the batch.
      await act(paused, 'resume');
      await act(paused, 'cancel');
    } finally {
      await t.services.batchRunner.start();
    }
    expect(await loggedTypes(t.store.db, paused)).toEqual(['batch.started', 'batch.paused']);
    expect((await theEvent(t.store.db, paused, 'batch.paused')).data).toMatchObject({ id: paused, state: 'paused', needsFunds: null });

    const unfunded = await upload(csvOf(users.map((user) => user.uid), '900000000'));
    expect((await act(unfunded, 'start')).state).toBe('paused');
    expect(await loggedTypes(t.store.db, unfunded)).toEqual(['batch.started', 'batch.paused']);
    expect((await theEvent(t.store.db, unfunded, 'batch.paused')).data).toMatchObject({ id: unfunded, state: 'paused', needsFunds: expect.stringMatching(/^\d+(\.\d+)?$/) });
    await act(unfunded, 'cancel');
  });

  it('records approval.requested for a batch above the threshold (its rows await with it), and approval.decided when approved or rejected', async () => {
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, approvalThreshold: '1' } });
    const users = await createUsers(t.emulator, 2);
    const approved = await upload(csvOf(users.map((user) => user.uid)));
    expect((await act(approved, 'start')).state).toBe('awaiting_approval');
    expect((await theEvent(t.store.db, approved, 'approval.requested')).data).toMatchObject({ kind: 'batch', id: approved, state: 'awaiting', amount: '2', approvedBy: null, rejection: null });
    for (const row of await rowRewards(approved)) expect(await loggedTypes(t.store.db, row.id)).toEqual(['reward.created', 'reward.awaiting_approval']);
    await act(approved, 'approve', admin);
    expect((await theEvent(t.store.db, approved, 'approval.decided')).data).toMatchObject({ kind: 'batch', id: approved, state: 'approved', approvedBy: expect.any(String) });
    expect((await loggedTypes(t.store.db, approved)).slice(0, 3)).toEqual(['approval.requested', 'approval.decided', 'batch.started']);

    const rejected = await upload(csvOf(users.map((user) => user.uid)));
    await act(rejected, 'start');
    await act(rejected, 'reject', admin, { reason: 'not now' });
    expect(await loggedTypes(t.store.db, rejected)).toEqual(['approval.requested', 'approval.decided']);
    expect((await theEvent(t.store.db, rejected, 'approval.decided')).data).toMatchObject({ state: 'rejected', rejection: { reason: 'not now' } });
    for (const row of await rowRewards(rejected)) expect((await theEvent(t.store.db, row.id, 'reward.cancelled')).data).toMatchObject({ state: 'rejected' });
  });
});
