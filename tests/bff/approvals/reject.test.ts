import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AwaitingApproval } from '../../../bff/src/approvals/approval-queue.ts';
import type { BatchView } from '../../../bff/src/batches/batch-view.ts';
import type { RewardEventView, RewardView } from '../../../bff/src/rewards/reward-view.ts';
import type { WalletView } from '../../../bff/src/wallet/wallet-service.ts';
import { createUser, ledgerTransactions, type ControlUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { batchCalls, NO_LIMITS } from '../support/batches.ts';
import { errorOf } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const REASON = 'Not in this month’s budget: ask again in June.';

interface AuditRow {
  actor: string;
  target: string;
  outcome: string;
  reason: string | null;
  code: string | null;
}

/** Rejecting instead of approving: a second person ends a reward or batch awaiting approval, with a reason its requester reads. */
describe.each(storeKinds)('rejecting rewards and batches awaiting approval, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let ops: string;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [admin, manager, ops] = await Promise.all([t.signInAs('admin'), t.signInAs('manager'), t.signInAs('ops')]);
  });
  beforeEach(async () => {
    expect((await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, approvalThreshold: '5' } })).status).toBe(200);
  });
  afterAll(() => t.close());

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  async function askFor(cookie: string, user: ControlUser, amount = '6'): Promise<RewardView> {
    const response = await t.request('POST', '/api/rewards', { cookie, body: { uid: user.uid, amount, memo: 'reject' }, headers: { 'idempotency-key': `reject-${kind}-${++keys}` } });
    return (await json<{ reward: RewardView }>(response, 201)).reward;
  }
  /** A batch of `amount` to each user, above the threshold of 5 in all. */
  async function batchAwaiting(cookie: string, users: ControlUser[], amount: string): Promise<string> {
    const calls = batchCalls(t, cookie);
    const id = await calls.upload(`uid,amount,memo\n${users.map((user) => `${user.uid},${amount},reject`).join('\n')}\n`);
    expect((await calls.start(id)).state).toBe('awaiting_approval');
    return id;
  }
  const rejectReward = (id: string, cookie: string, body: unknown = { reason: REASON }) => t.request('POST', `/api/rewards/${id}/reject`, { cookie, body });
  const rejectBatch = (id: string, cookie: string, body: unknown = { reason: REASON }) => t.request('POST', `/api/rewards/batches/${id}/reject`, { cookie, body });
  const rewardOf = async (id: string, cookie = manager) => json<{ reward: RewardView; events: RewardEventView[] }>(await t.request('GET', `/api/rewards/${id}`, { cookie }));
  const batchOf = async (id: string, cookie = manager) => (await json<{ batch: BatchView }>(await t.request('GET', `/api/rewards/batches/${id}`, { cookie }))).batch;
  const awaiting = async (cookie: string) => json<AwaitingApproval>(await t.request('GET', '/api/rewards/awaiting-approval', { cookie }));
  const paidTo = async (user: ControlUser) => (await ledgerTransactions(t.emulator)).filter((tx) => tx.destination === user.wallet_address && tx.successful);
  const audited = (target: string) =>
    t.store.sql.rows<AuditRow>(
      `SELECT actor_email AS actor, target, outcome, details->>'reason' AS reason, details->>'code' AS code FROM audit_events WHERE target = '${target}' AND action IN ('reward.reject', 'reward_batch.reject') ORDER BY id`,
    );
  /** The worker and the runner get every chance to pay. */
  async function driveEverything(): Promise<void> {
    await t.services.batchRunner.tick();
    await t.services.rewardWorker.tick();
    await t.services.rewardWorker.idle();
  }
  async function conflict(response: Response): Promise<string> {
    expect(response.status).toBe(409);
    return (await errorOf(response)).message;
  }

  it('rejects a single reward with the trimmed reason: audited, shown to its requester with who rejected it, never paid, never approved later', async () => {
    const user = await createUser(t.emulator);
    const asked = await askFor(ops, user);
    expect(asked.state).toBe('awaiting_approval');

    const { reward } = await json<{ reward: RewardView }>(await rejectReward(asked.id, manager, { reason: `  ${REASON}\n` }));
    expect(reward).toMatchObject({ state: 'rejected', rejection: { by: { email: 'manager@sandbox.local' }, reason: REASON, at: t.clock.now().toISOString() }, canCancel: false, canRetry: false, approvedBy: null });
    expect(await audited(`reward:${asked.id}`)).toEqual([{ actor: 'manager@sandbox.local', target: `reward:${asked.id}`, outcome: 'ok', reason: REASON, code: null }]);

    // Its requester reads it on the reward, with its step in the timeline, and in their list; it waits for nobody now.
    const seen = await rewardOf(asked.id, ops);
    expect(seen.reward.rejection).toEqual(reward.rejection);
    expect(seen.events.at(-1)).toMatchObject({ state: 'rejected', step: 'rejected', detail: { reason: REASON } });
    const mine = (await awaiting(ops)).mine.find((item) => item.id === asked.id);
    expect(mine).toMatchObject({ kind: 'reward', amount: '6', rejection: { by: { email: 'manager@sandbox.local' }, reason: REASON } });
    expect((await awaiting(admin)).toApprove.map((item) => item.id)).not.toContain(asked.id);

    await driveEverything();
    expect(await paidTo(user)).toEqual([]);
    expect((await rewardOf(asked.id)).reward).toMatchObject({ state: 'rejected', paymentId: null });

    expect(await conflict(await t.request('POST', `/api/rewards/${asked.id}/approve`, { cookie: admin }))).toBe('A rejected reward cannot be approved.');
    expect(await conflict(await t.request('POST', `/api/rewards/${asked.id}/retry`, { cookie: ops }))).toBe('A rejected reward cannot be retried.');
    expect(await conflict(await t.request('POST', `/api/rewards/${asked.id}/cancel`, { cookie: ops }))).toBe('A rejected reward cannot be cancelled.');
    expect(await conflict(await rejectReward(asked.id, admin))).toBe('A rejected reward cannot be rejected.');
    await driveEverything();
    expect(await paidTo(user)).toEqual([]);
  });

  it('rejects a batch and every row of it: audited with the reason, shown to its uploader, never paid, never approved or started later', async () => {
    const users = [await createUser(t.emulator), await createUser(t.emulator)];
    const id = await batchAwaiting(manager, users, '3');

    const { batch } = await json<{ batch: BatchView }>(await rejectBatch(id, admin));
    expect(batch).toMatchObject({ state: 'rejected', rejection: { by: { email: 'admin@sandbox.local' }, reason: REASON }, approvedBy: null, progress: { cancelled: 2, remaining: 0 } });
    expect(await audited(`reward_batch:${id}`)).toEqual([{ actor: 'admin@sandbox.local', target: `reward_batch:${id}`, outcome: 'ok', reason: REASON, code: null }]);

    const rows = await batchCalls(t, manager).rows(id);
    expect(rows.map((row) => row.state)).toEqual(['rejected', 'rejected']);
    expect((await rewardOf(rows[0]?.rewardId ?? '')).reward.rejection).toMatchObject({ by: { email: 'admin@sandbox.local' }, reason: REASON });
    expect((await batchOf(id)).rejection).toEqual(batch.rejection);
    expect((await awaiting(manager)).mine.find((item) => item.id === id)).toMatchObject({ kind: 'batch', rows: 2, amount: '6', rejection: { reason: REASON } });

    await driveEverything();
    for (const user of users) expect(await paidTo(user)).toEqual([]);
    expect(await conflict(await t.request('POST', `/api/rewards/batches/${id}/approve`, { cookie: admin }))).toBe('A batch that is rejected cannot be approved.');
    expect(await conflict(await t.request('POST', `/api/rewards/batches/${id}/start`, { cookie: manager }))).toBe('A batch that is rejected cannot be started.');
    expect(await conflict(await t.request('POST', `/api/rewards/batches/${id}/cancel`, { cookie: manager }))).toBe('A batch that is rejected cannot be cancelled.');
    expect(await conflict(await t.request('POST', `/api/rewards/${rows[0]?.rewardId ?? ''}/approve`, { cookie: admin }))).toBe('A rejected reward cannot be approved.');
    await driveEverything();
    for (const user of users) expect(await paidTo(user)).toEqual([]);
  });

  it('is refused to the requester (withdraw it instead), audited, and leaves it waiting', async () => {
    const reward = await askFor(manager, await createUser(t.emulator));
    const batch = await batchAwaiting(manager, [await createUser(t.emulator)], '6');
    for (const [response, target] of [
      [await rejectReward(reward.id, manager), `reward:${reward.id}`],
      [await rejectBatch(batch, manager), `reward_batch:${batch}`],
    ] as const) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({ code: 'own_request', message: 'You asked for this: another manager or admin approves or rejects it. Withdraw it if it should not be paid.' });
      expect(await audited(target)).toEqual([{ actor: 'manager@sandbox.local', target, outcome: 'refused', reason: null, code: 'own_request' }]);
    }
    expect((await rewardOf(reward.id)).reward).toMatchObject({ state: 'awaiting_approval', rejection: null });
    expect((await batchOf(batch)).state).toBe('awaiting_approval');
    // Nor may ops, who pay but never approve.
    expect((await rejectReward(reward.id, ops)).status).toBe(403);
    expect((await rejectBatch(batch, ops)).status).toBe(403);
    expect((await awaiting(admin)).toApprove.map((item) => item.id)).toEqual(expect.arrayContaining([reward.id, batch]));
  });

  it('comes too late once approved (409), and a row of a batch is rejected only with its batch', async () => {
    const user = await createUser(t.emulator);
    const reward = await askFor(ops, user);
    expect((await t.request('POST', `/api/rewards/${reward.id}/approve`, { cookie: manager })).status).toBe(200);
    expect(await conflict(await rejectReward(reward.id, admin))).toBe('A completed reward cannot be rejected.');
    expect(await paidTo(user)).toHaveLength(1);

    const id = await batchAwaiting(ops, [await createUser(t.emulator)], '6');
    const [row] = await batchCalls(t, ops).rows(id);
    const partOfBatch = await rejectReward(row?.rewardId ?? '', manager);
    expect(partOfBatch.status).toBe(409);
    expect((await errorOf(partOfBatch)).code).toBe('part_of_batch');
    expect((await t.request('POST', `/api/rewards/batches/${id}/approve`, { cookie: manager })).status).toBe(200);
    expect(await conflict(await rejectBatch(id, admin))).toMatch(/^A batch that is (running|finished) cannot be rejected\.$/);
    expect(await audited(`reward_batch:${id}`)).toEqual([]);
  });

  it('refuses a reason that is missing, blank, not text or over 500 characters (400), and changes nothing', async () => {
    const reward = await askFor(ops, await createUser(t.emulator));
    const batch = await batchAwaiting(ops, [await createUser(t.emulator)], '6');
    for (const body of [{}, { reason: '   ' }, { reason: 42 }, { reason: 'x'.repeat(501) }]) {
      for (const response of [await rejectReward(reward.id, manager, body), await rejectBatch(batch, manager, body)]) {
        expect(response.status).toBe(400);
        expect((await errorOf(response)).message).toMatch(/^reason: (a reason is required|must be text|must be at most 500 characters)$/);
      }
    }
    expect((await json<{ reward: RewardView }>(await rejectReward(reward.id, manager, { reason: 'y'.repeat(500) }))).reward.rejection?.reason).toHaveLength(500);
    expect((await batchOf(batch)).state).toBe('awaiting_approval');
  });

  it('treats what it rejected as paying nothing: no funds held for it, nothing counted against the daily total', async () => {
    const walletReserved = async () => (await json<{ wallet: WalletView }>(await t.request('GET', '/api/wallet', { cookie: manager }))).wallet.reserved;
    expect((await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, approvalThreshold: '5', dailyTotalPerStaff: '10' } })).status).toBe(200);
    // The admin asks (nothing before today), the manager rejects.
    const before = await walletReserved();
    const user = await createUser(t.emulator);
    const first = await askFor(admin, user, '6');
    expect((await rejectReward(first.id, manager)).status).toBe(200);
    // Had the rejected 6 counted, this batch's 6 would be over the total of 10.
    const batch = await batchAwaiting(admin, [await createUser(t.emulator)], '6');
    expect((await rejectBatch(batch, manager)).status).toBe(200);
    expect(await walletReserved()).toEqual(before);
    // Nor does the rejected batch's: another 6 still fits.
    const again = await askFor(admin, user, '6');
    expect(again.state).toBe('awaiting_approval');
  });
});
