import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { batchCalls } from '../support/batches.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Names = { username: string | null; displayName: string | null } | null;

const ANA: Names = { username: 'ana_p', displayName: 'Ana Pereira' };

/** Wherever an answer gives a user's uid, it gives the app's names of that user beside it: null for a user the app never named. */
describe.each(storeKinds)('the app’s names in the console’s answers (%s)', (kind) => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let named: string;
  let unnamed: string;
  let rewardId: string;
  let paymentId: string;

  async function get<T>(path: string, cookie = admin): Promise<T> {
    const response = await t.request('GET', path, { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  }

  async function pay(uid: string, amount: string): Promise<{ id: string; userNames: Names; paymentId: string | null }> {
    const response = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid, amount, memo: 'names' }, headers: { 'idempotency-key': `names-${uid}-${amount}` } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { reward: { id: string; userNames: Names; paymentId: string | null } }).reward;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    [manager, admin] = await Promise.all([t.signInAs('manager'), t.signInAs('admin')]);
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: '100' } });
    [named, unnamed] = (await Promise.all([createUser(t.emulator), createUser(t.emulator)])).map((user) => user.uid) as [string, string];
    // As the app's backend will send them (through the API-key routes): in-process here.
    await t.services.userNames.put(named, { username: 'ana_p', displayName: 'Ana Pereira' }, { actor: null, clientIp: null, requestId: 'app-sync' });

    const reward = await pay(named, '1.25');
    expect(reward.userNames).toEqual(ANA);
    rewardId = reward.id;
    paymentId = reward.paymentId ?? expect.fail('the reward has no payment');
    expect((await pay(unnamed, '2')).userNames).toBeNull();
    await pay(named, '500');
  });
  afterAll(() => t.close());

  it('gives them with each reward, in the list and on its page', async () => {
    const { rewards } = await get<{ rewards: Array<{ uid: string; amount: string; userNames: Names }> }>('/api/rewards');
    expect(rewards.map((reward) => [reward.amount, reward.uid, reward.userNames]).sort()).toEqual([
      ['1.25', named, ANA],
      ['2', unnamed, null],
      ['500', named, ANA],
    ]);
    const { reward } = await get<{ reward: { userNames: Names } }>(`/api/rewards/${rewardId}`);
    expect(reward.userNames).toEqual(ANA);
  });

  it('gives them with each payment of the index, and on the payment’s page', async () => {
    const { payments } = await get<{ payments: Array<{ user_uid: string; userNames: Names }> }>('/api/payments');
    expect(new Map(payments.map((payment) => [payment.user_uid, payment.userNames]))).toEqual(
      new Map([
        [named, ANA],
        [unnamed, null],
      ]),
    );
    expect((await get<{ userNames: Names }>(`/api/payments/${paymentId}`)).userNames).toEqual(ANA);
  });

  it('gives them with what awaits approval', async () => {
    const { toApprove } = await get<{ toApprove: Array<{ kind: string; uid: string | null; userNames: Names }> }>('/api/rewards/awaiting-approval');
    expect(toApprove).toEqual([expect.objectContaining({ kind: 'reward', uid: named, userNames: ANA })]);
  });

  it('gives them on the user’s page, with its blocking payments, and says who named the user', async () => {
    const summary = await get<{ userNames: Names; blocking: Array<{ userNames: Names }>; staffActions: Array<{ action: string; requestId: string | null; subject: unknown }> }>(`/api/users/${encodeURIComponent(named)}`);
    expect(summary.userNames).toEqual(ANA);
    expect(summary.blocking.map((payment) => payment.userNames)).toEqual([ANA]);
    expect(summary.staffActions.find((event) => event.action === 'user_names.set')).toMatchObject({ requestId: 'app-sync', subject: { kind: 'user', userNames: ANA } });
    expect((await get<{ userNames: Names }>(`/api/users/${encodeURIComponent(unnamed)}`)).userNames).toBeNull();
  });

  it('gives them with a batch’s rows and the preview’s flagged rows', async () => {
    const calls = batchCalls(t, manager);
    const id = await calls.upload(`uid,amount,memo\n${named},1,a\n${named},1,a\n${unnamed},1,b\n`);
    const { notes } = await get<{ notes: Array<{ uid: string; userNames: Names }> }>(`/api/rewards/batches/${id}`);
    expect(notes.map((note) => [note.uid, note.userNames])).toContainEqual([named, ANA]);
    const rows = await calls.rows(id);
    expect(rows.map((row) => [row.uid, row.userNames])).toEqual([
      [named, ANA],
      [named, ANA],
      [unnamed, null],
    ]);
  });

  it('gives them in the audit log, for a reward’s and a payment’s user and for a user named alone', async () => {
    const { events } = await get<{ events: Array<{ action: string; target: string | null; subject: { uid?: string; userNames?: Names } | null }> }>('/api/audit?limit=200');
    const subjectOf = (action: string, target: string) => events.find((event) => event.action === action && event.target === target)?.subject;
    expect(subjectOf('reward.request', `reward:${rewardId}`)).toMatchObject({ kind: 'reward', uid: named, userNames: ANA });
    expect(subjectOf('reward.create', `reward:${rewardId}`)).toMatchObject({ userNames: ANA });
    expect(subjectOf('user_names.set', `user:${named}`)).toEqual({ kind: 'user', userNames: ANA });
    const unnamedRequest = events.find((event) => event.action === 'reward.request' && event.subject?.uid === unnamed);
    expect(unnamedRequest?.subject).toMatchObject({ userNames: null });
  });
});
