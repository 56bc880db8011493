import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPayment } from '../../../bff/src/public-api/payment-schemas.ts';
import { storeKinds } from '../../support/test-store.ts';
import { callV1, createApiKey, v1ErrorOf, type TestApiKey } from '../support/api-keys.ts';
import { newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The payments of the public API, and its ingest operation, through the real app against the emulator. */
describe.each(storeKinds)('/v1/payments and /v1/ingest/payments on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let reader: TestApiKey;
  let ingester: TestApiKey;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    reader = await createApiKey(t, admin, ['payments:read']);
    ingester = await createApiKey(t, admin, ['ingest']);
  });
  afterAll(() => t.close());

  const ingest = (ids: string[], key = ingester) => callV1(t, 'POST', '/v1/ingest/payments', { key, body: { ids } });

  it('indexes the ids it is sent, as /api/ingest/payments still does, with the ingest scope only', async () => {
    const payment = await newA2U(t, { memo: `ingested ${kind}` });
    const response = await ingest([payment.identifier, 'nosuchpayment000000000000000']);
    expect(response.status).toBe(200);
    // One result per id, as each is done.
    const { results } = (await response.json()) as { results: unknown[] };
    expect(results).toHaveLength(2);
    expect(results).toEqual(
      expect.arrayContaining([
        { id: payment.identifier, result: 'indexed', state: 'awaiting_transaction' },
        { id: 'nosuchpayment000000000000000', result: 'not_found' },
      ]),
    );
    const old = await t.app.request('/api/ingest/payments', { method: 'POST', headers: { authorization: `Bearer ${ingester.secret}`, 'content-type': 'application/json' }, body: JSON.stringify({ ids: [payment.identifier] }) });
    expect(old.status).toBe(200);
    const refused = await ingest([payment.identifier], reader);
    expect(refused.status).toBe(403);
    expect(await v1ErrorOf(refused)).toMatchObject({ code: 'missing_scope', details: { needs: 'ingest' } });
    const empty = await ingest([]);
    expect(empty.status).toBe(400);
    expect(await v1ErrorOf(empty)).toMatchObject({ code: 'invalid_input', field: 'ids' });
  });

  it('reads one payment fresh from the platform, with its state', async () => {
    const payment = await newA2U(t, { amount: '2.5' });
    const response = await callV1(t, 'GET', `/v1/payments/${payment.identifier}`, { key: reader });
    expect(response.status).toBe(200);
    const { payment: read } = (await response.json()) as { payment: PublicPayment };
    expect(read).toMatchObject({ identifier: payment.identifier, user_uid: payment.user_uid, amount: '2.5', direction: 'app_to_user', state: 'awaiting_transaction', transaction: null });
    const unknown = await callV1(t, 'GET', '/v1/payments/nosuchpayment000000000000000', { key: reader });
    expect(unknown.status).toBe(404);
    expect((await v1ErrorOf(unknown)).code).toBe('payment_not_found');
    const malformed = await callV1(t, 'GET', '/v1/payments/a.b~c%25', { key: reader });
    expect(malformed.status).toBe(400);
    expect(await v1ErrorOf(malformed)).toMatchObject({ code: 'invalid_input', field: 'id' });
    expect((await callV1(t, 'GET', `/v1/payments/${payment.identifier}`, { key: ingester })).status).toBe(403);
  });

  it('lists the index a page at a time by cursor, filtered and sorted', async () => {
    const memo = `listed-${kind}`;
    const created = [await newA2U(t, { memo, amount: '1' }), await newA2U(t, { memo, amount: '3' }), await newA2U(t, { memo, amount: '2' })];
    expect((await ingest(created.map((payment) => payment.identifier))).status).toBe(200);
    const page = async (query: string) => {
      const response = await callV1(t, 'GET', `/v1/payments?${query}`, { key: reader });
      expect(response.status).toBe(200);
      return (await response.json()) as { payments: PublicPayment[]; nextCursor: string | null };
    };
    const first = await page(`q=${memo}&sort=amount&order=desc&limit=2`);
    expect(first.payments.map((payment) => payment.amount)).toEqual(['3', '2']);
    expect(Object.keys(first.payments[0] ?? {})).not.toContain('firstSeenAt');
    const second = await page(`q=${memo}&sort=amount&order=desc&limit=2&cursor=${first.nextCursor}`);
    expect(second.payments.map((payment) => payment.amount)).toEqual(['1']);
    expect(second.nextCursor).toBeNull();
    expect((await page(`q=${memo}&state=completed`)).payments).toEqual([]);
    const badFilter = await callV1(t, 'GET', '/v1/payments?direction=sideways', { key: reader });
    expect(badFilter.status).toBe(400);
    expect(await v1ErrorOf(badFilter)).toMatchObject({ code: 'invalid_input', field: 'direction' });
  });
});
