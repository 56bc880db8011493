import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchView } from '../../../bff/src/batches/batch-view.ts';
import type { RewardView } from '../../../bff/src/rewards/reward-view.ts';
import { clearFaults, createUser, ledgerTransactions, setFaults, type ControlUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { batchCalls, NO_LIMITS } from '../support/batches.ts';
import { errorOf } from '../support/payments.ts';
import { addStaff, changeStaff, type TestStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Whose requests wait, who may withdraw them, and that nothing is paid on the say-so of someone who may no longer pay. */
describe.each(storeKinds)("a requester's waiting rewards and batches on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let approver: TestStaff;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    admin = await t.signInAs('admin');
    approver = await addStaff(t, admin, 'manager');
  });
  beforeEach(async () => {
    await clearFaults(t.emulator);
    expect((await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, approvalThreshold: '5' } })).status).toBe(200);
  });
  afterAll(() => t.close());

  async function pay(asker: TestStaff, user: ControlUser, amount: string): Promise<RewardView> {
    const response = await t.request('POST', '/api/rewards', { cookie: asker.cookie, body: { uid: user.uid, amount, memo: 'waiting' }, headers: { 'idempotency-key': `waiting-${kind}-${++keys}` } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { reward: RewardView }).reward;
  }
  async function batchOf(asker: TestStaff, users: ControlUser[], started: boolean): Promise<BatchView> {
    const calls = batchCalls(t, asker.cookie);
    const id = await calls.upload(`uid,amount,memo\n${users.map((user) => `${user.uid},3,waiting`).join('\n')}\n`);
    return started ? calls.start(id) : calls.get(id);
  }
  const reward = async (id: string) => (await t.services.rewards.get(id)).reward;
  const batch = async (id: string) => (await t.services.rewardBatches.get(id)).batch;
  const post = (path: string, cookie: string) => t.request('POST', path, { cookie });
  const paidTo = async (users: ControlUser[]) => (await ledgerTransactions(t.emulator)).filter((tx) => users.some((user) => user.wallet_address === tx.destination));
  const audited = (action: string, target: string) =>
    t.store.sql.rows<{ actor_email: string; outcome: string; reason: string | null; code: string | null }>(
      `SELECT actor_email, outcome, details->>'reason' AS reason, details->>'code' AS code FROM audit_events WHERE action = '${action}' AND target = '${target}' ORDER BY id`,
    );

  it.each([
    ['demoted to support', { role: 'support' as const }],
    ['disabled', { disabled: true }],
  ])('withdraws what waits in the same change when the requester is %s, audited with the reason, and pays none of it', async (_how, change) => {
    const manager = await addStaff(t, admin, 'manager');
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t.emulator)));
    const [single, small, ...batchUsers] = users as [ControlUser, ControlUser, ...ControlUser[]];
    const waiting = await pay(manager, single, '6');
    const paid = await pay(manager, small, '1');
    const awaitingBatch = await batchOf(manager, batchUsers.slice(0, 2), true);
    const previewed = await batchOf(manager, batchUsers.slice(2), false);
    expect([waiting.state, paid.state, awaitingBatch.state, previewed.state]).toEqual(['awaiting_approval', 'completed', 'awaiting_approval', 'previewed']);

    await changeStaff(t, admin, manager.id, change);

    expect(await reward(waiting.id)).toMatchObject({ state: 'cancelled', error: { code: 'requester_cannot_pay', message: expect.stringMatching(/^Withdrawn: the staff member who asked for it may no longer pay rewards/) } });
    expect((await reward(paid.id)).state).toBe('completed');
    expect((await batch(awaitingBatch.id)).state).toBe('cancelled');
    expect((await batch(previewed.id)).state).toBe('cancelled');
    const rows = await batchCalls(t, admin).rows(awaitingBatch.id);
    expect(rows.map((row) => row.state)).toEqual(['cancelled', 'cancelled']);
    expect(await audited('reward.withdraw', `reward:${waiting.id}`)).toEqual([{ actor_email: 'admin@sandbox.local', outcome: 'ok', reason: 'requester_cannot_pay', code: null }]);
    expect(await audited('reward_batch.withdraw', `reward_batch:${awaitingBatch.id}`)).toEqual([{ actor_email: 'admin@sandbox.local', outcome: 'ok', reason: 'requester_cannot_pay', code: null }]);
    expect(await audited('reward_batch.withdraw', `reward_batch:${previewed.id}`)).toHaveLength(1);

    expect((await post(`/api/rewards/${waiting.id}/approve`, approver.cookie)).status).toBe(409);
    expect((await post(`/api/rewards/batches/${awaitingBatch.id}/approve`, approver.cookie)).status).toBe(409);
    expect((await post(`/api/rewards/batches/${previewed.id}/start`, approver.cookie)).status).toBe(409);
    await t.services.batchRunner.tick();
    await t.services.rewardWorker.tick();
    await t.services.rewardWorker.idle();
    expect((await paidTo([single, ...batchUsers])).length).toBe(0);
  });

  it('keeps what waits when the new role may still pay (manager to ops)', async () => {
    const manager = await addStaff(t, admin, 'manager');
    const waiting = await pay(manager, await createUser(t.emulator), '6');
    await changeStaff(t, admin, manager.id, { role: 'ops' });
    expect((await reward(waiting.id)).state).toBe('awaiting_approval');
  });

  it('never pays on the say-so of a requester who may no longer pay, however their role changed: approval, start and retry check again', async () => {
    const manager = await addStaff(t, admin, 'manager');
    const [single, batchUser, failing] = await Promise.all([createUser(t.emulator), createUser(t.emulator), createUser(t.emulator)]);
    const waiting = await pay(manager, single, '6');
    const awaitingBatch = await batchOf(manager, [batchUser], false);
    await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'error', status: 400, times: 1 }]);
    const failed = await pay(manager, failing, '1');
    await clearFaults(t.emulator);
    expect(failed.state).toBe('failed');
    // A change that went around the staff page (a database edit, a later feature): nothing was withdrawn.
    await t.store.sql.rows(`UPDATE staff SET role = 'support' WHERE id = '${manager.id}'`);

    for (const path of [`/api/rewards/${waiting.id}/approve`, `/api/rewards/batches/${awaitingBatch.id}/start`, `/api/rewards/${failed.id}/retry`]) {
      const refused = await post(path, approver.cookie);
      expect(refused.status, path).toBe(422);
      expect((await errorOf(refused)).code).toBe('requester_cannot_pay');
    }
    expect(await audited('reward.approve', `reward:${waiting.id}`)).toEqual([{ actor_email: approver.email, outcome: 'refused', reason: null, code: 'requester_cannot_pay' }]);
    expect((await reward(waiting.id)).state).toBe('awaiting_approval');
    expect((await reward(failed.id)).state).toBe('failed');
    expect((await paidTo([single, batchUser, failing])).length).toBe(0);
  });

  it('lets only the requester withdraw a waiting reward or batch', async () => {
    const manager = await addStaff(t, admin, 'manager');
    const ops = await addStaff(t, admin, 'ops');
    const waiting = await pay(manager, await createUser(t.emulator), '6');
    const awaitingBatch = await batchOf(manager, [await createUser(t.emulator), await createUser(t.emulator)], true);
    for (const other of [ops.cookie, approver.cookie, admin]) {
      for (const path of [`/api/rewards/${waiting.id}/cancel`, `/api/rewards/batches/${awaitingBatch.id}/cancel`]) {
        const refused = await post(path, other);
        expect(refused.status, path).toBe(403);
        expect((await errorOf(refused)).code).toBe('not_your_request');
      }
    }
    expect(await audited('reward.cancel', `reward:${waiting.id}`)).toHaveLength(3);
    expect((await reward(waiting.id)).state).toBe('awaiting_approval');
    expect((await batch(awaitingBatch.id)).state).toBe('awaiting_approval');

    expect((await post(`/api/rewards/${waiting.id}/cancel`, manager.cookie)).status).toBe(200);
    expect((await post(`/api/rewards/batches/${awaitingBatch.id}/cancel`, manager.cookie)).status).toBe(200);
    expect((await reward(waiting.id)).state).toBe('cancelled');
    expect((await batch(awaitingBatch.id)).state).toBe('cancelled');
  });

  it('moves a row of a batch awaiting approval only with its batch: cancelling it alone is refused, even for the requester', async () => {
    const manager = await addStaff(t, admin, 'manager');
    const awaitingBatch = await batchOf(manager, [await createUser(t.emulator), await createUser(t.emulator)], true);
    const [row] = await batchCalls(t, manager.cookie).rows(awaitingBatch.id);
    const rewardId = row?.rewardId ?? '';
    expect((await reward(rewardId)).canCancel).toBe(false);
    const refused = await post(`/api/rewards/${rewardId}/cancel`, manager.cookie);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'part_of_batch', message: 'This reward is a row of a batch awaiting approval: it is withdrawn with its batch, not on its own.' });
    expect((await reward(rewardId)).state).toBe('awaiting_approval');

    expect((await post(`/api/rewards/batches/${awaitingBatch.id}/approve`, approver.cookie)).status).toBe(200);
    expect((await reward(rewardId)).approvedBy).toBe(approver.id);
  });
});
