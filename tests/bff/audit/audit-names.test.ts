import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NamedAuditEventPage } from '../../../bff/src/audit/audit-service.ts';
import { createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { NO_LIMITS } from '../support/batches.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The audit list answers the names its sentences need, looked up for the page: who acted, and what their target is. */
describe.each(storeKinds)('names on the audit list (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let ops: string;
  let uid: string;

  const events = async (query: Record<string, string>) => {
    const response = await t.request('GET', `/api/audit?${new URLSearchParams(query).toString()}`, { cookie: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as NamedAuditEventPage).events;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, manager, ops] = await Promise.all([t.signInAs('admin'), t.signInAs('manager'), t.signInAs('ops')]);
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: NO_LIMITS });
    uid = (await createUser(t.emulator)).uid;
  });
  afterAll(() => t.close());

  it('names the actor, and the staff member a change was done to, keeping the fields it had', async () => {
    const created = await t.request('POST', '/api/staff', { cookie: admin, body: { email: 'dana@example.com', name: 'Dana Reyes', role: 'support', password: 'a long enough password' } });
    expect(created.status).toBe(201);
    const { staff } = (await created.json()) as { staff: { id: string } };
    expect((await t.request('PATCH', `/api/staff/${staff.id}`, { cookie: admin, body: { role: 'manager' } })).status).toBe(200);

    const [change] = await events({ action: 'staff.update' });
    expect(change).toMatchObject({
      action: 'staff.update',
      target: `staff:${staff.id}`,
      outcome: 'ok',
      actor: { email: 'admin@sandbox.local', role: 'admin' },
      actorName: 'Sandbox Admin',
      details: { from: { role: 'support' }, to: { role: 'manager' } },
      subject: { kind: 'staff', name: 'Dana Reyes', email: 'dana@example.com' },
    });
  });

  it('names the staff member a sign-in typed the email of, and no actor when nobody was signed in', async () => {
    expect((await t.request('POST', '/api/session', { body: { email: 'dana@example.com', password: 'not her password at all' } })).status).toBe(401);
    expect((await t.request('POST', '/api/session', { body: { email: 'nobody@example.com', password: 'not a password at all' } })).status).toBe(401);

    const [stranger, dana] = await events({ action: 'session.sign_in', outcome: 'failed' });
    expect(dana).toMatchObject({ target: 'staff:dana@example.com', actor: null, actorName: null, subject: { kind: 'staff', name: 'Dana Reyes', email: 'dana@example.com' } });
    expect(stranger).toMatchObject({ target: 'staff:nobody@example.com', actorName: null, subject: null });
  });

  it('says the reward and its payment as the console has them, with the amount as staff typed it', async () => {
    const paid = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid, amount: '1.25', memo: 'names' }, headers: { 'idempotency-key': `names-${kind}` } });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const { reward } = (await paid.json()) as { reward: { id: string; paymentId: string | null } };
    expect(reward.paymentId).toEqual(expect.any(String));

    const [requested] = await events({ action: 'reward.request', target: `reward:${reward.id}` });
    expect(requested).toMatchObject({ actorName: 'Sandbox Manager', subject: { kind: 'reward', uid, amount: '1.25' } });
    const [created] = await events({ action: 'reward.create', target: `reward:${reward.id}` });
    expect(created).toMatchObject({ actor: null, actorName: null, subject: { kind: 'reward', uid, amount: '1.25' } });

    const cancelled = await t.request('POST', `/api/payments/${reward.paymentId}/cancel`, { cookie: ops, body: { reason: 'names test' } });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const [cancel] = await events({ action: 'payment.cancel', target: `payment:${reward.paymentId}` });
    expect(cancel).toMatchObject({ actorName: 'Sandbox Ops', subject: { kind: 'payment', uid, amount: '1.25', direction: 'app_to_user' } });
  });

  it('names a batch by its file', async () => {
    const csv = `uid,amount,memo\n${uid},2,batch\n`;
    const response = await t.app.request('/api/rewards/batches?name=may.csv', {
      method: 'POST',
      headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie: manager, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { batch } = (await response.json()) as { batch: { id: string } };

    const [upload] = await events({ action: 'reward_batch.upload' });
    expect(upload).toMatchObject({ target: `reward_batch:${batch.id}`, subject: { kind: 'reward_batch', fileName: 'may.csv', rowCount: 1 } });
  });

  it('answers a page naming many at once, and no subject for what names nothing the console keeps', async () => {
    const page = await events({ limit: '200' });
    expect(page.length).toBeGreaterThan(10);
    for (const event of page.filter((candidate) => candidate.actor !== null)) expect(event.actorName, `${event.id} ${event.action}`).toMatch(/^(Sandbox \w+|Dana Reyes)$/);
    expect(page.filter((event) => event.target === null).every((event) => event.subject === null)).toBe(true);

    expect((await t.request('GET', '/api/staff', { cookie: ops })).status).toBe(403);
    const [denied] = await events({ action: 'access.denied' });
    expect(denied).toMatchObject({ target: 'GET /api/staff', actorName: 'Sandbox Ops', subject: null });
  });

  it('filters on several actions or areas at once', async () => {
    const actions = new Set((await events({ action: 'staff.update,session.*', limit: '200' })).map((event) => event.action));
    expect([...actions].sort()).toEqual(['session.sign_in', 'staff.update']);
  });
});
