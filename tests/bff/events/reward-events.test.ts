import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REWARD_ID_METADATA_KEY } from '../../../common/limits.ts';
import { insertReward } from '../../../bff/src/rewards/reward-state-writer.ts';
import type { PublicRefund, PublicReward } from '../../../bff/src/rewards/public-reward.ts';
import { clearFaults, completedU2A, createUser, setFaults } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { callV1, createApiKey, type TestApiKey } from '../support/api-keys.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { loggedEvents, loggedTypes, theEvent } from './support.ts';

const NO_LIMITS = { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: null };

/** Each reward.*, refund.* and a single reward's approval.* event, driven through the real change: in the log, with its subject as /v1 answers it. */
describe.each(storeKinds)('reward events on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let app: TestApiKey;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [admin, manager] = await Promise.all([t.signInAs('admin'), t.signInAs('manager')]);
    app = await createApiKey(t, admin, ['rewards:write', 'rewards:read', 'refunds:write']);
  });
  beforeEach(async () => {
    await clearFaults(t.emulator);
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: NO_LIMITS });
  });
  afterAll(() => t.close());

  const newKey = () => `events-${kind}-${++keys}`;
  const payV1 = async (body: unknown) => ((await (await callV1(t, 'POST', '/v1/rewards', { key: app, body, headers: { 'idempotency-key': newKey() } })).json()) as { reward: PublicReward }).reward;
  const v1Reward = async (id: string) => ((await (await callV1(t, 'GET', `/v1/rewards/${id}`, { key: app })).json()) as { reward: PublicReward }).reward;
  const payAsManager = async (body: unknown) => ((await (await t.request('POST', '/api/rewards', { cookie: manager, body, headers: { 'idempotency-key': newKey() } })).json()) as { reward: Omit<PublicReward, 'requestedBy'> & { requestedBy: { id: string } } }).reward;
  const overThreshold = () => t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, approvalThreshold: '5' } });

  it('records reward.created and reward.completed, the completed one carrying the reward as GET /v1/rewards answers it', async () => {
    const { uid } = await createUser(t.emulator);
    const paid = await payV1({ uid, amount: '1.25', memo: 'level 3', metadata: { level: 3 } });
    expect(paid.state).toBe('completed');
    expect(await loggedTypes(t.store.db, paid.id)).toEqual(['reward.created', 'reward.completed']);
    const created = await theEvent(t.store.db, paid.id, 'reward.created');
    expect(created).toMatchObject({ subject: { kind: 'reward', id: paid.id }, data: { id: paid.id, state: 'requested', uid, amount: '1.25', paymentId: null, txid: null } });
    const completed = await theEvent(t.store.db, paid.id, 'reward.completed');
    expect(completed.data).toEqual(await v1Reward(paid.id));
    expect(completed.data.transactionLink).toEqual(expect.stringContaining(String(completed.data.txid)));
  });

  it('records reward.awaiting_approval and approval.requested above the threshold, then approval.decided when approved', async () => {
    await overThreshold();
    const { uid } = await createUser(t.emulator);
    const waiting = await payAsManager({ uid, amount: '10', memo: 'big one' });
    expect(waiting.state).toBe('awaiting_approval');
    expect(await loggedTypes(t.store.db, waiting.id)).toEqual(['reward.created', 'reward.awaiting_approval', 'approval.requested']);
    expect((await theEvent(t.store.db, waiting.id, 'approval.requested')).data).toEqual({
      kind: 'reward',
      id: waiting.id,
      state: 'awaiting',
      requestedBy: waiting.requestedBy.id,
      amount: '10',
      approvedBy: null,
      rejection: null,
      requestedAt: waiting.createdAt,
    });
    expect((await t.request('POST', `/api/rewards/${waiting.id}/approve`, { cookie: admin })).status).toBe(200);
    const decided = await theEvent(t.store.db, waiting.id, 'approval.decided');
    expect(decided.data).toMatchObject({ kind: 'reward', id: waiting.id, state: 'approved', approvedBy: expect.any(String), rejection: null });
    expect(await loggedTypes(t.store.db, waiting.id)).toEqual(['reward.created', 'reward.awaiting_approval', 'approval.requested', 'approval.decided', 'reward.completed']);
  });

  it('records approval.decided and reward.cancelled when the approver rejects, and reward.cancelled when the requester cancels', async () => {
    await overThreshold();
    const { uid } = await createUser(t.emulator);
    const rejected = await payAsManager({ uid, amount: '10', memo: 'too much' });
    expect((await t.request('POST', `/api/rewards/${rejected.id}/reject`, { cookie: admin, body: { reason: 'not this month' } })).status).toBe(200);
    expect((await theEvent(t.store.db, rejected.id, 'approval.decided')).data).toMatchObject({ state: 'rejected', rejection: { reason: 'not this month', by: expect.any(String) } });
    expect((await theEvent(t.store.db, rejected.id, 'reward.cancelled')).data).toMatchObject({ id: rejected.id, state: 'rejected', rejection: { reason: 'not this month' } });

    const withdrawn = await payAsManager({ uid, amount: '10', memo: 'changed my mind' });
    expect((await t.request('POST', `/api/rewards/${withdrawn.id}/cancel`, { cookie: manager })).status).toBe(200);
    expect((await theEvent(t.store.db, withdrawn.id, 'reward.cancelled')).data).toMatchObject({ id: withdrawn.id, state: 'cancelled' });
  });

  it('records reward.failed when the platform refuses the payment', async () => {
    const failed = await payV1({ uid: 'no-such-user', amount: '1', memo: 'nobody' });
    expect(failed.state).toBe('failed');
    expect(await loggedTypes(t.store.db, failed.id)).toEqual(['reward.created', 'reward.failed']);
    expect((await theEvent(t.store.db, failed.id, 'reward.failed')).data).toEqual(await v1Reward(failed.id));
  });

  it('records reward.needs_attention when the platform’s payment is not what the reward asked for', async () => {
    const user = await createUser(t.emulator);
    await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'error', status: 503, times: 1 }]);
    const lost = await payAsManager({ uid: user.uid, amount: '1.25', memo: 'thank you' });
    expect(lost.state).toBe('requested');
    await t.platform.createPayment({ uid: user.uid, amount: '2', memo: 'thank you', metadata: { [REWARD_ID_METADATA_KEY]: lost.id } });
    await t.store.sql.exec(`UPDATE rewards SET next_attempt_at = now() WHERE id = '${lost.id}'`);
    await t.services.rewardWorker.tick();
    await t.services.rewardWorker.idle();
    expect((await theEvent(t.store.db, lost.id, 'reward.needs_attention')).data).toMatchObject({ id: lost.id, state: 'needs_attention', error: { code: 'payment_mismatch' } });
  });

  it('records refund.completed beside reward.completed, carrying the refund as GET /v1/refunds answers it', async () => {
    const user = await createUser(t.emulator);
    const payment = await completedU2A(t.emulator, user.uid, 3);
    const response = await callV1(t, 'POST', '/v1/refunds', { key: app, body: { paymentId: payment.identifier, amount: '1' }, headers: { 'idempotency-key': newKey() } });
    expect(response.status).toBe(201);
    const { refund } = (await response.json()) as { refund: PublicRefund };
    expect(refund.state).toBe('completed');
    expect(await loggedTypes(t.store.db, refund.id)).toEqual(['reward.created', 'reward.completed', 'refund.completed']);
    const answered = ((await (await callV1(t, 'GET', `/v1/refunds/${refund.id}`, { key: app })).json()) as { refund: PublicRefund }).refund;
    expect((await theEvent(t.store.db, refund.id, 'refund.completed')).data).toEqual(answered);
    expect((await theEvent(t.store.db, refund.id, 'reward.completed')).data).toMatchObject({ id: refund.id, refundOf: payment.identifier, state: 'completed' });
  });

  it('leaves no event of a change that rolls back', async () => {
    const before = (await loggedEvents(t.store.db)).length;
    const staffId = (await t.store.sql.rows<{ id: string }>(`SELECT id FROM staff WHERE email = 'manager@sandbox.local'`))[0]!.id;
    await expect(
      t.store.db.transaction(async (tx) => {
        const values = { id: crypto.randomUUID(), requestedBy: staffId, idempotencyKey: newKey(), requestHash: '', uid: 'someone', amount: '1', memo: 'rolled back', metadata: {} };
        expect(await insertReward(tx, { move: 'request', values, detail: {}, conflict: 'idempotency_key', at: t.clock.now() })).not.toBeNull();
        throw new Error('the change fails after its reward was written');
      }),
    ).rejects.toThrow('the change fails');
    expect((await loggedEvents(t.store.db)).length).toBe(before);
  });
});
