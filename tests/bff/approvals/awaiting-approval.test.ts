import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwaitingApprovalView } from '../../../bff/src/approvals/approval-queue.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Awaiting {
  toApprove: AwaitingApprovalView[];
  mine: AwaitingApprovalView[];
}

const PATH = '/api/rewards/awaiting-approval';

/** "What waits for me": what the signed-in manager or admin may approve, and what they asked for that waits for someone else. */
describe.each(storeKinds)('rewards and batches awaiting approval on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let ops: string;
  let admin: string;
  let support: string;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [manager, ops, admin, support] = await Promise.all([t.signInAs('manager'), t.signInAs('ops'), t.signInAs('admin'), t.signInAs('support')]);
    const limits = await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: '1' } });
    expect(limits.status).toBe(200);
  });
  afterAll(() => t.close());

  async function pay(uid: string, amount: string, cookie: string): Promise<string> {
    t.clock.advance(1_000); // oldest first: each request a second after the last
    const response = await t.request('POST', '/api/rewards', { cookie, body: { uid, amount, memo: 'approval queue', metadata: {} }, headers: { 'idempotency-key': `queue-${kind}-${++keys}` } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { reward: { id: string } }).reward.id;
  }
  async function startBatch(csv: string, cookie: string): Promise<string> {
    t.clock.advance(1_000);
    const upload = await t.app.request('/api/rewards/batches?name=winners.csv', {
      method: 'POST',
      headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(upload.status).toBe(201);
    const { batch } = (await upload.json()) as { batch: { id: string } };
    expect((await t.request('POST', `/api/rewards/batches/${batch.id}/start`, { cookie })).status).toBe(200);
    return batch.id;
  }
  const awaiting = async (cookie: string): Promise<Awaiting> => {
    const response = await t.request('GET', PATH, { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as Awaiting;
  };
  const ids = (items: AwaitingApprovalView[]) => items.map((item) => `${item.kind}:${item.id}`);

  it('splits them by requester, leaves out rewards below the threshold and the rows of a batch, shows those who may pay but not approve only their own, and refuses those who may not pay', async () => {
    const managersReward = await pay('queue-user-1', '2.5', manager);
    const opsReward = await pay('queue-user-2', '3', ops);
    await pay('queue-user-3', '0.5', manager); // below the threshold: paid without approval
    const batch = await startBatch('uid,amount,memo\nqueue-user-4,1,a\nqueue-user-5,1.25,b\n', manager);

    const forManager = await awaiting(manager);
    expect(ids(forManager.toApprove)).toEqual([`reward:${opsReward}`]);
    expect(ids(forManager.mine)).toEqual([`reward:${managersReward}`, `batch:${batch}`]);
    expect(forManager.toApprove[0]).toMatchObject({ amount: '3', uid: 'queue-user-2', requestedBy: { email: 'ops@sandbox.local' }, fileName: null, rows: null });
    expect(forManager.mine[1]).toMatchObject({ amount: '2.25', uid: null, fileName: 'winners.csv', rows: 2, requestedBy: { email: 'manager@sandbox.local' } });

    const forAdmin = await awaiting(admin);
    expect(ids(forAdmin.toApprove)).toEqual([`reward:${managersReward}`, `reward:${opsReward}`, `batch:${batch}`]);
    expect(forAdmin.mine).toEqual([]);

    // Ops may pay but not approve: they see their own requests waiting, nothing to approve.
    const forOps = await awaiting(ops);
    expect(forOps.toApprove).toEqual([]);
    expect(ids(forOps.mine)).toEqual([`reward:${opsReward}`]);

    expect((await t.request('GET', PATH, { cookie: support })).status).toBe(403);
    expect((await t.request('GET', PATH)).status).toBe(401);
  });

  it('drops what was approved or withdrawn', async () => {
    const before = await awaiting(admin);
    const [reward, , batch] = before.toApprove;
    expect(reward?.kind).toBe('reward');
    expect(batch?.kind).toBe('batch');
    expect((await t.request('POST', `/api/rewards/${reward?.id}/cancel`, { cookie: manager })).status).toBe(200);
    t.clock.advance(20 * 60_000); // twenty minutes in the queue (sessions stay within their idle time)
    const approved = await t.request('POST', `/api/rewards/batches/${batch?.id}/approve`, { cookie: admin });
    expect(approved.status).toBe(200);
    // Its rate and time left count from the approval, not from the minutes it waited.
    expect(((await approved.json()) as { batch: { startedAt: string } }).batch.startedAt).toBe(t.clock.now().toISOString());

    const after = await awaiting(admin);
    expect(ids(after.toApprove)).toEqual([`reward:${before.toApprove[1]?.id}`]);
    expect((await awaiting(manager)).mine).toEqual([]);
  });
});
