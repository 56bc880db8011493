import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../../support/test-store.ts';
import { errorOf } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Input the validator used to accept but the store cannot hold: a 400 naming the field, never a 500. */
describe.each(storeKinds)('input the store cannot hold, on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const cursorOf = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

  it.each([
    '/api/payments?from=0000-01-01T00:00:00Z',
    '/api/payments?to=0000-01-01T00:00:00Z',
    '/api/payments?from=0001-01-01T00:00:00%2B01:00',
    '/api/payments/export.csv?from=0000-01-01T00:00:00Z',
    '/api/audit?from=0000-01-01T00:00:00Z',
    '/api/audit?to=0000-01-01',
    '/api/audit/export.csv?from=0000-01-01T00:00:00Z',
    '/api/ads/checks?from=0000-01-01T00:00:00Z',
    '/api/ads/checks?to=0000-01-01T00:00:00Z',
  ])('refuses the year 0 in %s', async (path) => {
    const response = await t.request('GET', path, { cookie: admin });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/(from|to): must be between the years 0001 and 9999/);
  });

  it('accepts the first and last instants the store holds', async () => {
    const response = await t.request('GET', '/api/payments?from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59.999Z', { cookie: admin });
    expect(response.status).toBe(200);
  });

  it.each([
    ['a sync time in the year 0', ['synced', 'desc', '0000-01-01T00:00:00.000Z', 'x'], 'sort=synced&order=desc'],
    ['a creation time in the year 0', ['created', 'asc', '0000-01-01T00:00:00.000Z', 'x'], 'sort=created&order=asc'],
    ['a NUL in the id (created)', ['created', 'desc', '2026-01-01T00:00:00.000Z', 'a\u0000b'], 'sort=created&order=desc'],
    ['a NUL in the id (amount)', ['amount', 'desc', '1.5', 'a\u0000b'], 'sort=amount&order=desc'],
    ['a lone surrogate in the id', ['amount', 'asc', '1.5', 'a\ud800b'], 'sort=amount&order=asc'],
  ])('refuses a cursor holding %s', async (_what, parts, view) => {
    const response = await t.request('GET', `/api/payments?${view}&cursor=${cursorOf(parts)}`, { cookie: admin });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/start from the first page/);
  });
});
