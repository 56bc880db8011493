import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFaults, createUser, ledgerTransactions, setFaults, stroops, type ControlUser } from '../../support/emulator-control.ts';
import { loadMigrations } from '../../../bff/src/store/migrate.ts';
import { storeKinds } from '../../support/test-store.ts';
import { batchCalls, NO_LIMITS } from '../support/batches.ts';
import { errorOf } from '../support/payments.ts';
import { addStaff, type TestStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The issue's limits: a cap of 10 per reward, 20 a day per staff member, approval above 5. */
const LIMITS = { perRewardCap: '10', dailyTotalPerStaff: '20', approvalThreshold: '5' };

interface RewardView {
  id: string;
  state: string;
  requestedBy: { id: string };
  approvedBy: string | null;
}

/** How one way of paying answered: paid, waiting for a second person, or refused (with the code and words). */
interface Attempt {
  outcome: 'completed' | 'awaiting_approval' | 'refused';
  code?: string;
  message?: string;
  /** The reward (or, for a batch, its only row) asked for. */
  rewardId?: string;
  /** Approves as the given staff member; when it is let through, waits until it is paid. */
  approve?(cookie: string): Promise<Response>;
}

/** One way of making the console pay: `prepare` does what comes before the money (an upload, a payment on the platform), its answer pays. */
interface PayPath {
  /** Who pays this way. */
  role: 'manager' | 'ops';
  /** Who pays this way and may also approve: the two-person rule holds even for them. */
  approvingRole: 'manager' | 'admin';
  prepare(t: TestApp, asker: TestStaff, user: ControlUser, amount: string): Promise<() => Promise<Attempt>>;
}

const refusedBy = async (response: Response): Promise<Attempt> => {
  expect([403, 409, 422]).toContain(response.status);
  const { code, message } = await errorOf(response);
  return { outcome: 'refused', code, message };
};

let keys = 0;

const PATHS: Record<'a reward' | 'a batch row' | "clearing's submit and complete", PayPath> = {
  'a reward': {
    role: 'manager',
    approvingRole: 'manager',
    prepare: async (t, asker, user, amount) => async () => {
      const response = await t.request('POST', '/api/rewards', { cookie: asker.cookie, body: { uid: user.uid, amount, memo: 'gate' }, headers: { 'idempotency-key': `gate-${++keys}` } });
      if (response.status !== 201) return refusedBy(response);
      const { reward } = (await response.json()) as { reward: RewardView };
      return { outcome: reward.state === 'awaiting_approval' ? 'awaiting_approval' : 'completed', rewardId: reward.id, approve: (cookie) => t.request('POST', `/api/rewards/${reward.id}/approve`, { cookie }) };
    },
  },
  'a batch row': {
    role: 'manager',
    approvingRole: 'manager',
    prepare: async (t, asker, user, amount) => {
      const id = await batchCalls(t, asker.cookie).upload(`uid,amount,memo\n${user.uid},${amount},gate\n`);
      return async () => {
        const response = await t.request('POST', `/api/rewards/batches/${id}/start`, { cookie: asker.cookie });
        if (response.status !== 200) return refusedBy(response);
        const [row] = await batchCalls(t, asker.cookie).rows(id);
        const approve = async (cookie: string) => {
          const approved = await t.request('POST', `/api/rewards/batches/${id}/approve`, { cookie });
          if (approved.status === 200) await batchFinished(t, id);
          return approved;
        };
        if ((await batchCalls(t, asker.cookie).get(id)).state === 'awaiting_approval') return { outcome: 'awaiting_approval', rewardId: row?.rewardId ?? undefined, approve };
        await batchFinished(t, id);
        return { outcome: 'completed', rewardId: row?.rewardId ?? undefined };
      };
    },
  },
  "clearing's submit and complete": {
    role: 'ops',
    approvingRole: 'admin',
    prepare: async (t, asker, user, amount) => {
      const payment = await t.platform.createPayment({ amount, memo: 'from the backend', metadata: {}, uid: user.uid });
      return () => clearPayment(t, asker, payment.identifier);
    },
  },
};

/** Clears one unpaid payment with "submit and complete", and reads its result line. */
async function clearPayment(t: TestApp, asker: TestStaff, paymentId: string): Promise<Attempt> {
  const response = await t.request('POST', '/api/incomplete/clear', { cookie: asker.cookie, body: { dryRun: false, ids: [paymentId], unpaid: 'submit_and_complete' } });
  expect(response.status).toBe(200);
  const lines = (await response.text()).trim().split('\n').map((line) => JSON.parse(line) as { id?: string; result?: string; code?: string; message?: string; rewardId?: string });
  const line = lines.find((candidate) => candidate.id === paymentId);
  if (line?.result === 'refused') return { outcome: 'refused', code: line.code, message: line.message };
  if (line?.result === 'awaiting_approval') {
    return { outcome: 'awaiting_approval', message: line.message, rewardId: line.rewardId, approve: (cookie) => t.request('POST', `/api/rewards/${line.rewardId ?? ''}/approve`, { cookie }) };
  }
  expect(line?.result).toBe('completed');
  return { outcome: 'completed' };
}

/** Drives the batch until it finished: the runner starts its rows, the worker finishes them. */
async function batchFinished(t: TestApp, id: string): Promise<void> {
  await vi.waitFor(
    async () => {
      await t.services.batchRunner.tick();
      await t.services.rewardWorker.tick();
      await t.services.rewardWorker.idle();
      expect((await t.services.rewardBatches.get(id)).batch.state).toBe('finished');
    },
    { timeout: 30_000, interval: 50 },
  );
}

/** Every way the console pays goes through the same checks: the per-reward cap, the daily total, the approval threshold and the two-person rule. */
describe.each(storeKinds)('one payout gate for every way of paying, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** The second person: a manager who asked for none of it. */
  let approver: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [admin, approver] = await Promise.all([t.signInAs('admin'), t.signInAs('manager')]);
  });
  beforeEach(async () => {
    await clearFaults(t.emulator);
    await setLimits(NO_LIMITS);
  });
  afterAll(() => t.close());

  async function setLimits(limits: typeof NO_LIMITS | typeof LIMITS | Record<string, string | null>): Promise<void> {
    expect((await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: limits })).status).toBe(200);
  }
  /** What the ledger paid the user, in stroops, one entry per successful transaction. */
  async function paidTo(user: ControlUser): Promise<bigint[]> {
    return (await ledgerTransactions(t.emulator)).filter((tx) => tx.destination === user.wallet_address && tx.successful).map((tx) => stroops(tx.amount));
  }
  const refusalsAudited = async (asker: TestStaff) =>
    t.store.sql.rows<{ code: string }>(`SELECT details->>'code' AS code FROM audit_events WHERE action = 'reward.payout_refused' AND actor_id = '${asker.id}' ORDER BY id`);

  describe.each(Object.entries(PATHS))('%s', (_name, path) => {
    it('refuses an amount over the per-reward cap (the reproduction: 50 under a cap of 10), and pays nothing', async () => {
      const asker = await addStaff(t, admin, path.role);
      const user = await createUser(t.emulator);
      const pay = await path.prepare(t, asker, user, '50');
      await setLimits(LIMITS);
      const attempt = await pay();
      expect(attempt).toMatchObject({ outcome: 'refused', code: 'over_per_reward_cap', message: 'A reward may be at most 10; this one is 50.' });
      expect(await paidTo(user)).toEqual([]);
      expect(await refusalsAudited(asker)).toEqual([{ code: 'over_per_reward_cap' }]);
    });

    it("refuses what would take the requester's day over the daily total, counting what they asked for by any path", async () => {
      const asker = await addStaff(t, admin, path.role);
      await setLimits({ ...NO_LIMITS, dailyTotalPerStaff: '20' });
      const earlier = await PATHS['a reward'].prepare(t, asker, await createUser(t.emulator), '15');
      expect((await earlier()).outcome).toBe('completed');

      const over = await createUser(t.emulator);
      const attempt = await (await path.prepare(t, asker, over, '5.0000001'))();
      expect(attempt).toMatchObject({ outcome: 'refused', code: 'over_daily_total' });
      expect(attempt.message).toMatch(/to 20\.0000001, over the daily total of 20/);
      expect(await paidTo(over)).toEqual([]);

      const upTo = await createUser(t.emulator);
      expect((await (await path.prepare(t, asker, upTo, '5'))()).outcome).toBe('completed');
      expect(await paidTo(upTo)).toEqual([50_000_000n]);
    });

    it('holds an amount above the threshold for a second person: nothing is signed, the requester cannot approve it, the approval pays it once', async () => {
      const asker = await addStaff(t, admin, path.approvingRole);
      const user = await createUser(t.emulator);
      const pay = await path.prepare(t, asker, user, '6');
      await setLimits(LIMITS);
      const attempt = await pay();
      expect(attempt.outcome).toBe('awaiting_approval');
      await t.services.rewardWorker.tick();
      await t.services.batchRunner.tick();
      await t.services.rewardWorker.idle();
      expect(await paidTo(user)).toEqual([]);

      const own = (await attempt.approve?.(asker.cookie)) ?? new Response();
      expect(own.status).toBe(403);
      expect((await errorOf(own)).code).toBe('own_request');
      expect(await paidTo(user)).toEqual([]);

      expect((await attempt.approve?.(approver))?.status).toBe(200);
      expect(await paidTo(user)).toEqual([60_000_000n]);
      const reward = (await t.services.rewards.get(attempt.rewardId ?? '')).reward;
      expect(reward).toMatchObject({ state: 'completed', requestedBy: { id: asker.id }, approvedBy: expect.any(String) });
      expect(reward.approvedBy).not.toBe(asker.id);
    });
  });

  describe("clearing's submit and complete", () => {
    it('says in words, for the payment it leaves waiting, that it is above the approval threshold and nothing is signed', async () => {
      const ops = await addStaff(t, admin, 'ops');
      const user = await createUser(t.emulator);
      const pay = await PATHS["clearing's submit and complete"].prepare(t, ops, user, '6');
      await setLimits(LIMITS);
      const attempt = await pay();
      expect(attempt.message).toMatch(/above the approval threshold: its reward \S+ waits for another manager or admin to approve it, and nothing is signed or sent until then/);
      const reward = (await t.services.rewards.get(attempt.rewardId ?? '')).reward;
      expect(reward).toMatchObject({ state: 'awaiting_approval', requestedBy: { id: ops.id }, approvedBy: null, canCancel: true });
      expect(reward.paymentId).not.toBeNull();

      // Clearing it again adopts nothing more and still waits; an ops member may not approve it.
      expect(await clearPayment(t, ops, reward.paymentId ?? '')).toMatchObject({ outcome: 'awaiting_approval', rewardId: attempt.rewardId });
      expect((await attempt.approve?.(ops.cookie))?.status).toBe(403);
      expect((await t.platform.getPayment(reward.paymentId ?? '')).transaction).toBeNull();
      expect(await paidTo(user)).toEqual([]);
    });
  });

  describe('retrying a failed reward', () => {
    /** A reward whose create the platform refused once: failed, no payment, nothing paid. */
    async function failedReward(asker: TestStaff, user: ControlUser, amount: string): Promise<string> {
      await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'error', status: 400, times: 1 }]);
      const answer = await (await PATHS['a reward'].prepare(t, asker, user, amount))();
      await clearFaults(t.emulator);
      const reward = (await t.services.rewards.get(answer.rewardId ?? '')).reward;
      expect(reward.state).toBe('failed');
      return reward.id;
    }
    const retry = (id: string, cookie: string) => t.request('POST', `/api/rewards/${id}/retry`, { cookie });

    it('is refused over a cap lowered since, and pays nothing', async () => {
      const asker = await addStaff(t, admin, 'manager');
      const user = await createUser(t.emulator);
      const id = await failedReward(asker, user, '8');
      await setLimits({ ...NO_LIMITS, perRewardCap: '5' });
      const refused = await retry(id, asker.cookie);
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).code).toBe('over_per_reward_cap');
      expect((await t.services.rewards.get(id)).reward.state).toBe('failed');
      expect(await paidTo(user)).toEqual([]);
    });

    it('is refused when it is above a threshold set since and nobody approved it', async () => {
      const asker = await addStaff(t, admin, 'manager');
      const user = await createUser(t.emulator);
      const id = await failedReward(asker, user, '8');
      await setLimits({ ...NO_LIMITS, approvalThreshold: '5' });
      const refused = await retry(id, approver);
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).code).toBe('needs_approval');
      expect(await paidTo(user)).toEqual([]);
    });

    it('keeps its approval and is not counted again against the daily total: paid once', async () => {
      const asker = await addStaff(t, admin, 'manager');
      const user = await createUser(t.emulator);
      await setLimits({ ...NO_LIMITS, dailyTotalPerStaff: '20', approvalThreshold: '5' });
      const held = await (await PATHS['a reward'].prepare(t, asker, user, '15'))();
      expect(held.outcome).toBe('awaiting_approval');
      await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'error', status: 400, times: 1 }]);
      const approved = (await held.approve?.(approver)) ?? new Response();
      expect(((await approved.json()) as { reward: RewardView }).reward).toMatchObject({ state: 'failed', approvedBy: expect.any(String) });
      await clearFaults(t.emulator);
      // 15 asked for, and 5 more: the day is full, yet the failed 15 already counts in it.
      expect((await (await PATHS['a reward'].prepare(t, asker, await createUser(t.emulator), '5'))()).outcome).toBe('completed');

      const retried = await retry(held.rewardId ?? '', asker.cookie);
      expect(retried.status).toBe(200);
      expect(((await retried.json()) as { reward: RewardView }).reward.state).toBe('completed');
      expect(await paidTo(user)).toEqual([150_000_000n]);
    });

    it("keeps a batch's approval on a failed row, also for a batch approved before rows kept it (migration 0012)", async () => {
      const asker = await addStaff(t, admin, 'manager');
      const users = [await createUser(t.emulator), await createUser(t.emulator)];
      await setLimits({ ...NO_LIMITS, approvalThreshold: '5' });
      const calls = batchCalls(t, asker.cookie);
      const id = await calls.upload(`uid,amount,memo\n${users.map((user) => `${user.uid},3,gate`).join('\n')}\n`);
      expect((await calls.start(id)).state).toBe('awaiting_approval');
      await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'error', status: 400, times: 1 }]);
      expect((await t.request('POST', `/api/rewards/batches/${id}/approve`, { cookie: approver })).status).toBe(200);
      await batchFinished(t, id);
      const failed = (await calls.rows(id)).find((row) => row.state === 'failed');
      expect(failed).toBeDefined();
      // Each row alone is above the threshold now; the approval of its batch still stands.
      await setLimits({ ...NO_LIMITS, approvalThreshold: '2' });
      await t.store.sql.exec(`UPDATE rewards SET approved_by = NULL WHERE id = '${failed?.rewardId ?? ''}'`);
      const backfill = loadMigrations().find((migration) => migration.version === '0012_batch_row_approvers');
      await t.store.sql.exec(backfill?.sql ?? '');

      const retried = await retry(failed?.rewardId ?? '', asker.cookie);
      expect(retried.status).toBe(200);
      expect(((await retried.json()) as { reward: RewardView }).reward.state).toBe('completed');
      for (const user of users) expect(await paidTo(user)).toEqual([30_000_000n]);
    });
  });
});
