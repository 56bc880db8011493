import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../../support/test-store.ts';
import { attachTransaction, errorOf, newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Bad input and refused actions: each a clear 4xx, never a 500, and every refused action in the audit log. */
describe.each(storeKinds)('refusals of the payment routes on %s', (kind) => {
  let t: TestApp;
  let support: string;
  let ops: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    support = await t.signInAs('support');
    ops = await t.signInAs('ops');
  });
  afterAll(() => t.close());

  const cursorOf = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

  it.each(['%E2%80%8B', '%C3%A9t%C3%A9', 'a%2Cb', 'a%00b', 'a:b', '%3Cscript%3E'])('refuses the id %s as malformed, not as an upstream failure', async (id) => {
    const response = await t.request('GET', `/api/payments/${id}`, { cookie: support });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('invalid_input');
  });

  it('reports such ids in an import as invalid, one result each', async () => {
    const response = await t.request('POST', '/api/payments/import', { cookie: support, body: { ids: ['été', '.', 'a\u200bb'] } });
    const lines = (await response.text()).trim().split('\n').map((line) => JSON.parse(line) as { id?: string; result?: string });
    expect(lines.filter((line) => line.id).map(({ id, result }) => ({ id, result }))).toEqual([
      { id: 'été', result: 'invalid' },
      { id: '.', result: 'invalid' },
      { id: 'a\u200bb', result: 'invalid' },
    ]);
  });

  it.each(['/api/payments/a/b', '/api/payments/', '/api/no-such-thing'])('answers 404 for %s, which is no endpoint', async (path) => {
    const response = await t.request('GET', path, { cookie: support });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe('not_found');
  });

  it.each(['uid=a%00b', 'q=abc%00', 'network=x%00'])('refuses a NUL character in the filter %s', async (query) => {
    for (const path of ['/api/payments', '/api/payments/export.csv']) {
      const response = await t.request('GET', `${path}?${query}`, { cookie: support });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(/must not contain a NUL character/);
    }
  });

  it.each([
    ['a creation time that is no time', ['created', 'desc', 'not-a-date', 'x'], 'sort=created&order=desc'],
    ['an amount that is no amount', ['amount', 'desc', 'abc', 'x'], 'sort=amount&order=desc'],
    ['a sync time that is no time', ['synced', 'asc', '2026-13-45', 'x'], 'sort=synced&order=asc'],
    ['an id that is no string', ['created', 'desc', '2026-01-01T00:00:00.000Z', 5], 'sort=created&order=desc'],
  ])('refuses a cursor holding %s', async (_what, parts, view) => {
    const response = await t.request('GET', `/api/payments?${view}&cursor=${cursorOf(parts)}`, { cookie: support });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/start from the first page/);
  });

  it('asks for a reason when a cancel has none', async () => {
    const payment = await newA2U(t);
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const response = await t.request('POST', `/api/payments/${payment.identifier}/cancel`, { cookie: ops, body });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe('reason: a reason is required');
    }
  });

  it('audits every complete the console refuses itself, with the platform’s code where it has one', async () => {
    const completed = await newA2U(t);
    await attachTransaction(t, completed.identifier);
    expect((await t.request('POST', `/api/payments/${completed.identifier}/complete`, { cookie: ops })).status).toBe(200);
    const cancelled = await newA2U(t);
    await t.request('POST', `/api/payments/${cancelled.identifier}/cancel`, { cookie: ops, body: { reason: 'duplicate' } });
    const unverified = await newA2U(t);
    await attachTransaction(t, unverified.identifier, false);

    const expected = [
      [completed.identifier, 'already_completed', 'It is completed already.'],
      [cancelled.identifier, 'cancelled_payment', 'It is cancelled.'],
      [unverified.identifier, 'not_completable', 'Its blockchain transaction is not verified.'],
    ] as const;
    for (const [id, code, message] of expected) {
      const response = await t.request('POST', `/api/payments/${id}/complete`, { cookie: ops });
      expect(response.status).toBe(422);
      expect(await errorOf(response)).toMatchObject({ code, message: `This payment cannot be completed. ${message}` });
      const rows = await t.store.sql.rows<{ outcome: string; details: Record<string, unknown> }>(
        `SELECT outcome, details FROM audit_events WHERE action = 'payment.complete' AND target = 'payment:${id}' AND outcome <> 'ok'`,
      );
      expect(rows).toEqual([{ outcome: 'refused', details: { code, message } }]);
    }
  });

  it('audits a complete of a payment the platform does not have', async () => {
    const id = 'nosuchpaymentforcomplete0000';
    const response = await t.request('POST', `/api/payments/${id}/complete`, { cookie: ops });
    expect(response.status).toBe(404);
    const rows = await t.store.sql.rows<{ outcome: string; upstream_status: number; upstream_code: string }>(
      `SELECT outcome, upstream_status, upstream_code FROM audit_events WHERE action = 'payment.complete' AND target = 'payment:${id}'`,
    );
    expect(rows).toEqual([{ outcome: 'refused', upstream_status: 404, upstream_code: 'payment_not_found' }]);
  });
});
