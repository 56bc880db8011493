import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { errorOf } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface RewardView {
  id: string;
  state: string;
  approvedBy: string | null;
}

const NO_LIMITS = { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: null };

/** Spending limits and two-person approval of single rewards, checked in the BFF. */
describe.each(storeKinds)('reward limits and approval on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let ops: string;
  let admin: string;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [manager, ops, admin] = await Promise.all([t.signInAs('manager'), t.signInAs('ops'), t.signInAs('admin')]);
  });
  beforeEach(() => setLimits(NO_LIMITS));
  afterAll(() => t.close());

  const setLimits = (limits: unknown, cookie = admin) => t.request('PUT', '/api/settings/reward-limits', { cookie, body: limits });
  const payments = async () => (await control<{ total: number }>(t.emulator, 'GET', '/payments?limit=1')).total;
  const pay = (uid: string, amount: string, cookie = manager) =>
    t.request('POST', '/api/rewards', { cookie, body: { uid, amount, memo: 'limits', metadata: {} }, headers: { 'idempotency-key': `limits-${kind}-${++keys}` } });
  const rewardOf = async (response: Response) => ((await response.json()) as { reward: RewardView }).reward;
  const auditActions = async (action: string) => ((await (await t.request('GET', `/api/audit?action=${action}&limit=50`, { cookie: admin })).json()) as { events: Array<{ outcome: string; details: Record<string, unknown> }> }).events;

  it('lets an admin set the limits as decimal strings, audited, and refuses other roles and malformed amounts', async () => {
    const limits = { perRewardCap: '100', dailyTotalPerStaff: '1000.5', approvalThreshold: '50' };
    expect((await setLimits(limits, manager)).status).toBe(403);
    for (const bad of ['1,5', '1e2', '-1', 'ten']) {
      const response = await setLimits({ ...limits, perRewardCap: bad });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(/perRewardCap: must be a decimal string/);
    }
    expect((await setLimits(limits)).status).toBe(200);
    expect(await (await t.request('GET', '/api/settings/reward-limits', { cookie: manager })).json()).toEqual({ limits });
    expect((await auditActions('settings.reward_limits'))[0]?.details).toMatchObject({ after: limits });
  });

  it('refuses a reward over the per-reward cap before anything goes upstream, and audits the refusal', async () => {
    await setLimits({ ...NO_LIMITS, perRewardCap: '10' });
    const before = await payments();
    const response = await pay('anyone', '10.0000001');
    expect(response.status).toBe(422);
    expect((await errorOf(response)).code).toBe('over_per_reward_cap');
    expect(await payments()).toBe(before);
    expect((await auditActions('reward.payout_refused'))[0]).toMatchObject({ outcome: 'refused', details: { code: 'over_per_reward_cap' } });
  });

  it('holds a reward above the threshold for approval: no upstream call, never approved by its requester, then paid', async () => {
    await setLimits({ ...NO_LIMITS, approvalThreshold: '5' });
    const user = await createUser(t.emulator);
    const before = await payments();
    const held = await rewardOf(await pay(user.uid, '5.5'));
    expect(held.state).toBe('awaiting_approval');
    await t.services.rewardWorker.tick();
    await t.services.rewardWorker.idle();
    expect(await payments()).toBe(before);

    const own = await t.request('POST', `/api/rewards/${held.id}/approve`, { cookie: manager });
    expect(own.status).toBe(403);
    expect((await errorOf(own)).code).toBe('own_request');
    expect((await t.request('POST', `/api/rewards/${held.id}/approve`, { cookie: ops })).status).toBe(403);
    expect(await payments()).toBe(before);

    const approved = await rewardOf(await t.request('POST', `/api/rewards/${held.id}/approve`, { cookie: admin }));
    expect(approved.state).toBe('completed');
    expect(approved.approvedBy).not.toBeNull();
    expect(await payments()).toBe(before + 1);
  });

  it('lets the requester withdraw a reward awaiting approval', async () => {
    await setLimits({ ...NO_LIMITS, approvalThreshold: '1' });
    const held = await rewardOf(await pay('someone', '2'));
    const withdrawn = await rewardOf(await t.request('POST', `/api/rewards/${held.id}/cancel`, { cookie: manager }));
    expect(withdrawn.state).toBe('cancelled');
    expect((await t.request('POST', `/api/rewards/${held.id}/approve`, { cookie: admin })).status).toBe(409);
  });

  it('never lets two concurrent rewards exceed the daily total', async () => {
    await setLimits({ ...NO_LIMITS, dailyTotalPerStaff: '6' });
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(t.emulator)));
    const answers = await Promise.all(users.map((user) => pay(user.uid, '3', ops)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 422, 422]);
    const refused = answers.find((answer) => answer.status === 422);
    expect((await errorOf(refused ?? new Response())).code).toBe('over_daily_total');
  });
});
