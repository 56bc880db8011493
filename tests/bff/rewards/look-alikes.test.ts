import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { batchCalls, NO_LIMITS } from '../support/batches.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface LookAlike {
  id: string;
  state: string;
  requestedBy: { id: string; email: string | null };
  requestedAt: string;
}

/**
 * Idempotency keys are per staff member, so two people paying the same thing make two rewards only
 * when the second confirms it (look-alike-refusals.test.ts): the second is told about the first
 * (`similarTo`), before it pays (the pay form asks) and after.
 */
describe.each(storeKinds)('look-alike rewards on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let ops: string;
  let uid: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await t.signInAs('admin');
    [manager, ops] = await Promise.all([t.signInAs('manager'), t.signInAs('ops')]);
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: NO_LIMITS });
    uid = (await createUser(t.emulator)).uid;
  });
  afterAll(() => t.close());

  const pay = async (cookie: string, key: string, body: Record<string, unknown>) => {
    const response = await t.request('POST', '/api/rewards', { cookie, body, headers: { 'idempotency-key': key } });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { reward: { id: string }; similarTo: LookAlike | null };
  };
  const lookUp = async (query: Record<string, string>, cookie = manager) => {
    const response = await t.request('GET', `/api/rewards/look-alike?${new URLSearchParams(query).toString()}`, { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { similarTo: LookAlike | null }).similarTo;
  };

  it('names the earlier reward to the same user for the same amount and memo, whoever asked for it, for a day', async () => {
    const first = await pay(manager, 'same-key', { uid, amount: '1.5', memo: 'welcome' });
    expect(first.similarTo).toBeNull();
    // The same key and body from another staff member is another reward, once they confirm it: it is told about the first.
    const second = await pay(ops, 'same-key', { uid, amount: '1.50', memo: 'welcome', confirmLookAlike: true });
    expect(second.reward.id).not.toBe(first.reward.id);
    expect(second.similarTo).toMatchObject({ id: first.reward.id, requestedBy: { email: 'manager@sandbox.local' } });

    expect(await lookUp({ uid, amount: '1.5000', memo: 'welcome' })).toMatchObject({ id: second.reward.id, requestedBy: { email: 'ops@sandbox.local' } });
    expect(await lookUp({ uid, amount: '1.5', memo: 'welcome back' })).toBeNull();
    expect(await lookUp({ uid, amount: '2', memo: 'welcome' })).toBeNull();
    expect(await lookUp({ uid: 'someone-else', amount: '1.5', memo: 'welcome' })).toBeNull();

    t.clock.advance(25 * 3_600_000);
    // A day on, every session has ended too.
    [manager, ops] = await Promise.all([t.signInAs('manager'), t.signInAs('ops')]);
    expect(await lookUp({ uid, amount: '1.5', memo: 'welcome' })).toBeNull();
  });

  it('flags a batch row like a reward of the last day, with the reward to link to', async () => {
    const earlier = await pay(manager, 'for-the-batch', { uid, amount: '3', memo: 'prize' });
    const id = await batchCalls(t, ops).upload(`uid,amount,memo\n${uid},3,prize\n${uid},3,other prize\n`);
    const preview = (await (await t.request('GET', `/api/rewards/batches/${id}`, { cookie: ops })).json()) as {
      notes: Array<{ line: number; warnings: Array<{ message: string; rewardId?: string }> }>;
    };
    const flagged = preview.notes.filter((note) => note.warnings.some((warning) => warning.rewardId));
    expect(flagged).toEqual([
      expect.objectContaining({ line: 2, warnings: expect.arrayContaining([expect.objectContaining({ rewardId: earlier.reward.id, message: expect.stringContaining('manager@sandbox.local') })]) }),
    ]);
  });

  it('leaves the reward an approver is about to approve out of its own look-up', async () => {
    const earlier = await pay(ops, 'before-approval', { uid, amount: '4', memo: 'approval' });
    const waiting = await pay(manager, 'to-approve', { uid, amount: '4', memo: 'approval', confirmLookAlike: true });
    expect(await lookUp({ uid, amount: '4', memo: 'approval', except: waiting.reward.id })).toMatchObject({ id: earlier.reward.id });
    expect(await lookUp({ uid, amount: '4', memo: 'approval', except: earlier.reward.id })).toMatchObject({ id: waiting.reward.id });
    expect((await t.request('GET', `/api/rewards/look-alike?uid=${uid}&amount=4&memo=approval&except=not-an-id`, { cookie: manager })).status).toBe(400);
  });

  it('answers the look-up to those who pay, with a clear 400 for a bad amount', async () => {
    expect((await t.request('GET', `/api/rewards/look-alike?uid=${uid}&amount=1&memo=m`, { cookie: await t.signInAs('support') })).status).toBe(403);
    expect((await t.request('GET', `/api/rewards/look-alike?uid=${uid}&amount=abc&memo=m`, { cookie: manager })).status).toBe(400);
  });
});
