import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchListItem } from '../../../bff/src/batches/batch-list-item.ts';
import { migrate } from '../../../bff/src/store/migrate.ts';
import { createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { waitForBatch, settled } from '../../support/reward-batches.ts';
import { batchCalls, NO_LIMITS } from '../support/batches.ts';
import { errorOf } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface BatchPage {
  batches: BatchListItem[];
  nextCursor: string | null;
}

const MINUTE = 60_000;
const APPROVAL_ASKED_MIGRATION = '0016_batch_approval_asked';

/** The Batches list: every batch with its requester, state, progress, total and approval; filtered, paged and exported. */
describe.each(storeKinds)('the batches list on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let ops: string;
  let support: string;
  /** Batch ids by file name, and when each was uploaded. */
  const ids = new Map<string, string>();
  const uploadedAt = new Map<string, string>();

  const list = async (query = '', cookie = support): Promise<BatchPage> => {
    const response = await t.request('GET', `/api/rewards/batches${query}`, { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as BatchPage;
  };
  const names = (page: BatchPage) => page.batches.map((batch) => batch.name);
  const act = async (name: string, verb: string, cookie: string) => {
    const response = await t.request('POST', `/api/rewards/batches/${ids.get(name)}/${verb}`, { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
  };

  /** Uploads `csv` as `name`, a minute after the batch before. */
  async function upload(name: string, csv: string, cookie: string): Promise<void> {
    t.clock.advance(MINUTE);
    uploadedAt.set(name, t.clock.now().toISOString());
    const response = await t.app.request(`/api/rewards/batches?name=${name}`, {
      method: 'POST',
      headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(response.status).toBe(201);
    ids.set(name, ((await response.json()) as { batch: { id: string } }).batch.id);
  }
  const tenRows = `uid,amount,memo\n${Array.from({ length: 10 }, (_, i) => `user-${i},1,thanks`).join('\n')}\n`;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [manager, admin, ops, support] = await Promise.all([t.signInAs('manager'), t.signInAs('admin'), t.signInAs('ops'), t.signInAs('support')]);
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: NO_LIMITS });

    // Paid: two rows paid, one failed (no such user), under any threshold.
    const users = await Promise.all([createUser(t.emulator), createUser(t.emulator)]);
    await upload('paid.csv', `uid,amount,memo\n${users[0]?.uid},1,a\n${users[1]?.uid},2,b\nno-such-user,3,c\n`, manager);
    await act('paid.csv', 'start', manager);
    const paid = batchCalls(t, manager);
    await waitForBatch(
      async () => {
        await t.services.batchRunner.tick();
        await t.services.rewardWorker.tick();
        return paid.get(ids.get('paid.csv') ?? '');
      },
      settled,
      30_000,
    );

    await upload('draft.csv', tenRows, manager);

    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, approvalThreshold: '5' } });
    await upload('approved.csv', tenRows, admin);
    await act('approved.csv', 'start', admin);
    await act('approved.csv', 'approve', manager);
    await upload('withdrawn.csv', tenRows, manager);
    await act('withdrawn.csv', 'start', manager);
    await act('withdrawn.csv', 'cancel', manager);
    await upload('waiting.csv', tenRows, ops);
    await act('waiting.csv', 'start', ops);
  }, 60_000);
  afterAll(() => t.close());

  it('lists every batch newest first: name, requester, state, progress, total, approval and when it was created', async () => {
    const page = await list();
    expect(names(page)).toEqual(['waiting.csv', 'withdrawn.csv', 'approved.csv', 'draft.csv', 'paid.csv']);
    expect(page.nextCursor).toBeNull();
    const byName = new Map(page.batches.map((batch) => [batch.name, batch]));
    expect(byName.get('paid.csv')).toEqual({
      id: ids.get('paid.csv'),
      name: 'paid.csv',
      requester: { id: expect.any(String), email: 'manager@sandbox.local' },
      state: 'finished',
      progress: { done: 2, failed: 1, cancelled: 0, remaining: 0, total: 3 },
      rows: 3,
      total: '6',
      approval: { state: 'not_needed', by: null },
      createdAt: uploadedAt.get('paid.csv'),
    });
    expect(byName.get('draft.csv')).toMatchObject({ state: 'previewed', progress: { total: 0 }, rows: 10, total: '10', approval: { state: 'not_asked', by: null } });
    expect(byName.get('approved.csv')).toMatchObject({
      requester: { email: 'admin@sandbox.local' },
      state: 'running',
      progress: { remaining: 10, total: 10 },
      approval: { state: 'approved', by: 'manager@sandbox.local' },
    });
    expect(byName.get('withdrawn.csv')).toMatchObject({ state: 'cancelled', progress: { cancelled: 10, remaining: 0 }, approval: { state: 'withdrawn', by: null } });
    expect(byName.get('waiting.csv')).toMatchObject({ requester: { email: 'ops@sandbox.local' }, state: 'awaiting_approval', approval: { state: 'awaiting', by: null } });
  });

  it('filters by state, by part of the requester\'s email (any case, wildcards taken literally) and by when it was created', async () => {
    expect(names(await list('?state=previewed,awaiting_approval'))).toEqual(['waiting.csv', 'draft.csv']);
    expect(names(await list('?requester=MANAGER@'))).toEqual(['withdrawn.csv', 'draft.csv', 'paid.csv']);
    expect(names(await list('?requester=%25'))).toEqual([]);
    const from = encodeURIComponent(uploadedAt.get('draft.csv') ?? '');
    const to = encodeURIComponent(uploadedAt.get('withdrawn.csv') ?? '');
    expect(names(await list(`?from=${from}&to=${to}`))).toEqual(['approved.csv', 'draft.csv']);
    expect(names(await list(`?from=${from}&to=${to}&requester=admin&state=running`))).toEqual(['approved.csv']);
    expect(names(await list('?state=&requester=&from=&to='))).toHaveLength(5);
  });

  it('pages by keyset: each batch once, in order, and a page stays put while newer batches arrive', async () => {
    const first = await list('?limit=2');
    expect(names(first)).toEqual(['waiting.csv', 'withdrawn.csv']);
    await upload('newer.csv', tenRows, manager);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual(['approved.csv', 'draft.csv']);
    const third = await list(`?limit=2&cursor=${second.nextCursor}`);
    expect(names(third)).toEqual(['paid.csv']);
    expect(third.nextCursor).toBeNull();
    expect(names(await list('?state=previewed&limit=1'))).toEqual(['newer.csv']);
  });

  it('exports the filtered batches as CSV, and audits the export', async () => {
    const response = await t.request('GET', '/api/rewards/batches/export.csv?state=finished,running', { cookie: support });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="reward-batches-\d{8}-\d{6}-filtered\.csv"$/);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('id,name,requester,state,approval,approved_by,rows,rewards,paid,failed,cancelled,remaining,total,created_at');
    expect(lines.slice(1)).toEqual([
      `${ids.get('approved.csv')},approved.csv,admin@sandbox.local,running,approved,manager@sandbox.local,10,10,0,0,0,10,10,${uploadedAt.get('approved.csv')}`,
      `${ids.get('paid.csv')},paid.csv,manager@sandbox.local,finished,not_needed,,3,3,2,1,0,0,6,${uploadedAt.get('paid.csv')}`,
    ]);

    const all = await t.request('GET', '/api/rewards/batches/export.csv', { cookie: support });
    expect(all.headers.get('content-disposition')).not.toMatch(/filtered/);
    expect((await all.text()).trim().split('\r\n')).toHaveLength(1 + 6);

    const audit = (await (await t.request('GET', '/api/audit?action=reward_batches.export', { cookie: admin })).json()) as { events: Array<{ actor: { email: string }; outcome: string; details: { filters: Record<string, unknown> } }> };
    expect(audit.events.map((event) => [event.actor.email, event.outcome, event.details.filters])).toEqual([
      ['support@sandbox.local', 'ok', {}],
      ['support@sandbox.local', 'ok', { state: ['finished', 'running'] }],
    ]);
  });

  it('keeps the batch routes apart: one batch by id, its rows, and the upload still answer as before', async () => {
    const id = ids.get('paid.csv') ?? '';
    const one = await t.request('GET', `/api/rewards/batches/${id}`, { cookie: support });
    expect(((await one.json()) as { batch: { id: string } }).batch.id).toBe(id);
    expect((await t.request('GET', `/api/rewards/batches/${id}/rows`, { cookie: support })).status).toBe(200);
    expect((await errorOf(await t.request('GET', '/api/rewards/batches/export', { cookie: support }))).message).toBe('id: is not a batch id');
  });

  it('answers a signed-out caller 401, and support may read the list', async () => {
    expect((await t.request('GET', '/api/rewards/batches')).status).toBe(401);
    expect((await t.request('GET', '/api/rewards/batches/export.csv')).status).toBe(401);
    expect((await list('', support)).batches.length).toBeGreaterThan(0);
  });

  it('gives the batches started before the store kept whether approval was asked the same approval state, from their history', async () => {
    const approvals = async () => (await list()).batches.map((batch) => [batch.name, batch.approval.state]);
    const before = await approvals();
    expect(before).toContainEqual(['withdrawn.csv', 'withdrawn']);
    await t.store.sql.exec(`ALTER TABLE reward_batches DROP COLUMN approval_asked; DELETE FROM schema_migrations WHERE version = '${APPROVAL_ASKED_MIGRATION}'`);
    expect(await migrate(t.store.sql)).toEqual([APPROVAL_ASKED_MIGRATION]);
    expect(await approvals()).toEqual(before);
  });

  it.each([
    ['an unknown state', '?state=finished,done', 'state: "done" is not one of previewed, awaiting_approval, running, paused, cancelled, finished, rejected'],
    ['no state at all', '?state=,', 'state: names none of previewed, awaiting_approval, running, paused, cancelled, finished, rejected'],
    ['a time that is not one', '?from=yesterday', 'from: must be an ISO 8601 date-time or date'],
    ['an end before its start', '?from=2026-11-21&to=2026-11-20', 'to: must be later than from'],
    ['a page of 0', '?limit=0', 'limit: Too small: expected number to be >=1'],
    ['a page too large', '?limit=201', 'limit: Too big: expected number to be <=200'],
    ['a cursor it did not make', '?cursor=bm90LWEtY3Vyc29y', 'cursor: does not belong to this list; start from the first page'],
    ['a requester too long to be an email', `?requester=${'a'.repeat(255)}`, 'requester: Too big: expected string to have <=254 characters'],
  ])('refuses %s with a 400 that names the field', async (_what, query, message) => {
    const response = await t.request('GET', `/api/rewards/batches${query}`, { cookie: support });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_input', message });
    if (!query.startsWith('?cursor') && !query.startsWith('?limit')) {
      const exported = await t.request('GET', `/api/rewards/batches/export.csv${query}`, { cookie: support });
      expect(exported.status).toBe(400);
      expect((await errorOf(exported)).message).toBe(message);
    }
  });

  it('shows a batch its approver rejected as rejected, and by whom', async () => {
    await upload('rejected.csv', tenRows, manager);
    await act('rejected.csv', 'start', manager);
    const rejected = await t.request('POST', `/api/rewards/batches/${ids.get('rejected.csv')}/reject`, { cookie: admin, body: { reason: 'Wrong campaign' } });
    expect(rejected.status, await rejected.clone().text()).toBe(200);
    const page = await list('?state=rejected');
    expect(page.batches).toEqual([expect.objectContaining({ name: 'rejected.csv', state: 'rejected', progress: expect.objectContaining({ cancelled: 10, remaining: 0 }), approval: { state: 'rejected', by: 'admin@sandbox.local' } })]);
  });
});
