import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LookAlike } from '../../../bff/src/rewards/look-alikes.ts';
import type { RewardView } from '../../../bff/src/rewards/reward-view.ts';
import { clearFaults, createUser, setFaults } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { batchCalls, NO_LIMITS } from '../support/batches.ts';
import { addStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Refused {
  code: string;
  message: string;
  details?: { rewardId: string; similarTo: LookAlike };
}

/**
 * A request that looks like a live reward of the last day (same user, amount and memo, asked for by
 * anyone) is refused, 409 `look_alike`, and creates nothing, unless it confirms the look-alike; decided
 * under the user's lock, so requests sent at once never slip past each other.
 */
describe.each(storeKinds)('look-alike requests refused unless confirmed, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Who asks, each with their own requester's lock: the sandbox's staff and two more managers. */
  let payers: Array<{ cookie: string; email: string }>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    const [manager, ops, more, another] = await Promise.all([t.signInAs('manager'), t.signInAs('ops'), addStaff(t, admin, 'manager'), addStaff(t, admin, 'manager')]);
    payers = [
      { cookie: manager, email: 'manager@sandbox.local' },
      { cookie: ops, email: 'ops@sandbox.local' },
      { cookie: admin, email: 'admin@sandbox.local' },
      { cookie: more.cookie, email: more.email },
      { cookie: another.cookie, email: another.email },
    ];
  });
  // Above 5 a reward waits for a second person: a live reward that went nowhere upstream.
  beforeEach(async () => {
    expect((await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, approvalThreshold: '5' } })).status).toBe(200);
  });
  afterAll(() => t.close());

  const ask = (cookie: string, body: Record<string, unknown>, key: string = randomUUID()) => t.request('POST', '/api/rewards', { cookie, body, headers: { 'idempotency-key': key } });
  const created = async (response: Response, status = 201) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as { reward: RewardView; similarTo: LookAlike | null };
  };
  const refused = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(409);
    return ((await response.json()) as { error: Refused }).error;
  };
  const rewardsTo = (uid: string) => t.store.sql.rows<{ id: string }>(`SELECT id FROM rewards WHERE uid = '${uid}'`);

  it('creates one of 20 identical requests sent at once by several staff members, each with a fresh key, and refuses the others naming it', async () => {
    const { uid } = await createUser(t.emulator);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(payers[i % payers.length]?.cookie ?? '', { uid, amount: '2', memo: 'launch week' })));

    const [made, ...more] = answers.filter((answer) => answer.status === 201);
    expect(more).toEqual([]);
    const { reward } = await created(made as Response);
    const creator = payers.find((payer) => payer.email === reward.requestedBy?.email);
    expect(creator).toBeDefined();
    for (const answer of answers.filter((each) => each.status !== 201)) {
      const error = await refused(answer);
      expect(error).toMatchObject({ code: 'look_alike', details: { rewardId: reward.id, similarTo: { id: reward.id, requestedBy: { email: creator?.email } } } });
      expect(error.message).toContain(`${creator?.email} already asked to pay this user 2 with the same memo`);
    }
    expect(await rewardsTo(uid)).toEqual([{ id: reward.id }]);
  });

  it('creates all 20 when each request confirms the look-alike', async () => {
    const { uid } = await createUser(t.emulator);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(payers[i % payers.length]?.cookie ?? '', { uid, amount: '2', memo: 'launch week', confirmLookAlike: true })));
    const ids = await Promise.all(answers.map(async (answer) => (await created(answer)).reward.id));
    expect(new Set(ids).size).toBe(20);
    expect(await rewardsTo(uid)).toHaveLength(20);
  });

  it('takes the refused request again with the same key once it confirms; the key was left free', async () => {
    const [first, second] = payers;
    const { uid } = await createUser(t.emulator);
    const body = { uid, amount: '3', memo: 'same key' };
    const earlier = await created(await ask(first?.cookie ?? '', body));

    const key = randomUUID();
    expect(await refused(await ask(second?.cookie ?? '', body, key))).toMatchObject({ code: 'look_alike', details: { rewardId: earlier.reward.id } });
    expect(await rewardsTo(uid)).toHaveLength(1);
    const confirmed = await created(await ask(second?.cookie ?? '', { ...body, confirmLookAlike: true }, key));
    expect(confirmed.similarTo).toMatchObject({ id: earlier.reward.id });
    // The flag is not part of the request: the same key answers the same reward, with it or without it.
    expect((await created(await ask(second?.cookie ?? '', body, key), 200)).reward.id).toBe(confirmed.reward.id);
    expect((await created(await ask(second?.cookie ?? '', { ...body, confirmLookAlike: true }, key), 200)).reward.id).toBe(confirmed.reward.id);
    expect((await ask(second?.cookie ?? '', { ...body, confirmLookAlike: 'yes' })).status).toBe(400);
    expect(await rewardsTo(uid)).toHaveLength(2);
  });

  it('counts a reward awaiting approval, or failed where a retry can pay it; not one cancelled, rejected, or failed for good', async () => {
    const [manager, ops] = payers;
    const { uid } = await createUser(t.emulator);
    const lookAlikeOf = async (body: Record<string, unknown>, cookie = ops?.cookie ?? '') => (await refused(await ask(cookie, body))).details?.rewardId;

    const waiting = (await created(await ask(manager?.cookie ?? '', { uid, amount: '6', memo: 'ends' }))).reward;
    expect(waiting.state).toBe('awaiting_approval');
    expect(await lookAlikeOf({ uid, amount: '6', memo: 'ends' })).toBe(waiting.id);
    expect((await t.request('POST', `/api/rewards/${waiting.id}/reject`, { cookie: admin, body: { reason: 'Paid in June instead.' } })).status).toBe(200);
    const withdrawn = (await created(await ask(manager?.cookie ?? '', { uid, amount: '6', memo: 'ends' }))).reward;
    expect((await t.request('POST', `/api/rewards/${withdrawn.id}/cancel`, { cookie: manager?.cookie ?? '' })).status).toBe(200);
    expect((await created(await ask(ops?.cookie ?? '', { uid, amount: '6', memo: 'ends' }))).reward.state).toBe('awaiting_approval');

    await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'error', status: 400, times: 1 }]);
    const retryable = (await created(await ask(manager?.cookie ?? '', { uid, amount: '1', memo: 'fails' }))).reward;
    await clearFaults(t.emulator);
    expect(retryable).toMatchObject({ state: 'failed', canRetry: true });
    expect(await lookAlikeOf({ uid, amount: '1', memo: 'fails' })).toBe(retryable.id);

    const nobody = `nobody-${randomUUID()}`;
    const forGood = (await created(await ask(manager?.cookie ?? '', { uid: nobody, amount: '1', memo: 'fails' }))).reward;
    expect(forGood).toMatchObject({ state: 'failed', error: { code: 'user_not_found' }, canRetry: false });
    expect((await created(await ask(ops?.cookie ?? '', { uid: nobody, amount: '1', memo: 'fails' }))).similarTo).toBeNull();
  });

  it('pays a batch row like a live reward: the preview warned, and starting the batch confirmed it', async () => {
    const [manager, ops] = payers;
    const { uid } = await createUser(t.emulator);
    // Both wait for approval, so that the earlier holds no open payment that would block the row's.
    const earlier = (await created(await ask(manager?.cookie ?? '', { uid, amount: '6', memo: 'batch' }))).reward;
    const calls = batchCalls(t, ops?.cookie ?? '');
    const id = await calls.upload(`uid,amount,memo\n${uid},6,batch\n`);
    expect((await calls.start(id)).state).toBe('awaiting_approval');
    expect((await t.request('POST', `/api/rewards/batches/${id}/approve`, { cookie: admin })).status).toBe(200);
    await t.services.batchRunner.start();
    await vi.waitFor(async () => expect((await calls.rows(id))[0]).toMatchObject({ state: expect.not.stringMatching(/failed|cancelled|not_started/), paymentId: expect.any(String) }), { timeout: 10_000 });
    await t.services.batchRunner.stop();
    expect((await rewardsTo(uid)).map((row) => row.id)).toContain(earlier.id);
    expect(await rewardsTo(uid)).toHaveLength(2);
  });

  it('lets an approver approve a reward that has a look-alike: approving is not a new request', async () => {
    const [manager, ops] = payers;
    const { uid } = await createUser(t.emulator);
    await created(await ask(manager?.cookie ?? '', { uid, amount: '7', memo: 'approve' }));
    const second = (await created(await ask(ops?.cookie ?? '', { uid, amount: '7', memo: 'approve', confirmLookAlike: true }))).reward;
    const approved = await t.request('POST', `/api/rewards/${second.id}/approve`, { cookie: admin });
    expect(approved.status, await approved.clone().text()).toBe(200);
  });
});
