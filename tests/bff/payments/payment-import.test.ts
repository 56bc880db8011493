import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../../support/test-store.ts';
import { clearFaults, control, setFaults } from '../../support/emulator-control.ts';
import { errorOf, newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Line =
  | { type: 'start'; total: number }
  | { type: 'result'; id: string; result: string; state?: string }
  | { type: 'done'; counts: Record<string, number> }
  | { type: 'error'; message: string; counts: Record<string, number> };

describe.each(storeKinds)('import and ingest on %s', (kind) => {
  let t: TestApp;
  let support: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    support = await t.signInAs('support');
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  it('imports pasted ids with a result per id, streamed as NDJSON', async () => {
    const [a, b] = [await newA2U(t), await newA2U(t)];
    const ids = [a.identifier, b.identifier, a.identifier, 'nosuchpayment000000000000000', '../etc', '  '];
    const response = await t.request('POST', '/api/payments/import', { cookie: support, body: { ids } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (await response.text()).trim().split('\n').map((line) => JSON.parse(line) as Line);
    expect(lines[0]).toEqual({ type: 'start', total: 4 });
    const results = lines.filter((line): line is Extract<Line, { type: 'result' }> => line.type === 'result');
    expect(results).toHaveLength(4);
    expect(Object.fromEntries(results.map((line) => [line.id, line.result]))).toEqual({
      [a.identifier]: 'indexed',
      [b.identifier]: 'indexed',
      'nosuchpayment000000000000000': 'not_found',
      '../etc': 'invalid',
    });
    expect(lines.at(-1)).toEqual({ type: 'done', counts: { indexed: 2, not_found: 1, invalid: 1 } });
    const indexed = await t.store.sql.rows<{ id: string }>(`SELECT id FROM payments WHERE id IN ('${a.identifier}', '${b.identifier}')`);
    expect(indexed).toHaveLength(2);
  });

  async function importLines(ids: string[]): Promise<Line[]> {
    const response = await t.request('POST', '/api/payments/import', { cookie: support, body: { ids } });
    expect(response.status).toBe(200);
    return (await response.text()).trim().split('\n').map((line) => JSON.parse(line) as Line);
  }

  type Listed = { total: number; payments: Array<{ identifier: string }> };

  /** Ids of `count` new payments seeded on the emulator (its list keeps the order of creation). */
  async function seededIds(count: number): Promise<string[]> {
    const { total } = await control<Listed>(t.emulator, 'GET', '/payments?offset=0&limit=1');
    await control(t.emulator, 'POST', '/seed', { count });
    const { payments } = await control<Listed>(t.emulator, 'GET', `/payments?offset=${total}&limit=${count}`);
    return payments.map((payment) => payment.identifier);
  }

  it('imports several batches, each written while the next is fetched, with one result per id', async () => {
    const ids = await seededIds(250);
    const lines = await importLines(ids);
    const results = lines.filter((line) => line.type === 'result');
    expect(results.map((line) => line.id).sort()).toEqual([...ids].sort());
    expect(lines.at(-1)).toEqual({ type: 'done', counts: { indexed: 250 } });
    const [indexed] = await t.store.sql.rows<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE id IN (${ids.map((id) => `'${id}'`).join(',')})`);
    expect(indexed?.n).toBe(250);
  });

  it('asks once more, at the end, for the payments whose read timed out or met a busy platform, and says which still failed and why', async () => {
    const ids = await seededIds(40);
    const [stubborn = ''] = ids;
    await setFaults(t.emulator, [
      { route: `GET /v2/payments/${stubborn}`, kind: 'error', status: 503 },
      { route: 'GET /v2/payments/*', kind: 'error', status: 503, times: 12 },
      { route: 'GET /v2/payments/*', kind: 'rate_limit', retryAfterSeconds: 1, times: 6 },
    ]);
    try {
      const lines = await importLines(ids);
      const results = lines.filter((line): line is Extract<Line, { type: 'result' }> => line.type === 'result');
      const notIndexed = results.filter((line) => line.result !== 'indexed');
      expect(notIndexed, JSON.stringify(notIndexed)).toEqual([expect.objectContaining({ id: stubborn, result: 'error', code: 'unknown_error', message: 'injected fault: error' })]);
      expect(lines.at(-1)).toEqual({ type: 'done', counts: { indexed: 39, error: 1 } });
    } finally {
      await clearFaults(t.emulator);
    }
  });

  it('stops with an error line when the store refuses a batch, after the results of the batches written', async () => {
    const ids = await seededIds(250);
    // A real refusal from the store for one payment of the second batch onwards.
    const refused = ids.slice(100);
    await t.store.sql.exec(`ALTER TABLE payments ADD CONSTRAINT test_refuses CHECK (id NOT IN (${refused.map((id) => `'${id}'`).join(',')}))`);
    try {
      const lines = await importLines(ids);
      const last = lines.at(-1);
      expect(last?.type).toBe('error');
      const results = lines.filter((line): line is Extract<Line, { type: 'result' }> => line.type === 'result');
      expect(results.length).toBeGreaterThan(0);
      expect(results.every((line) => line.result === 'indexed' && !refused.includes(line.id))).toBe(true);
      expect(last).toMatchObject({ counts: { indexed: results.length } });
    } finally {
      await t.store.sql.exec('ALTER TABLE payments DROP CONSTRAINT test_refuses');
    }
  });

  it('refuses an empty list and more than 10,000 ids', async () => {
    expect((await t.request('POST', '/api/payments/import', { cookie: support, body: { ids: [] } })).status).toBe(400);
    const tooMany = Array.from({ length: 10_001 }, (_, index) => `id${index}`);
    expect((await t.request('POST', '/api/payments/import', { cookie: support, body: { ids: tooMany } })).status).toBe(400);
  });

  it('ingests ids sent by the app backend with a key of the ingest scope, fetching each from the platform', async () => {
    const { secret: token, apiKey } = (await (await t.request('POST', '/api/api-keys', { cookie: admin, body: { name: 'ingest test', scopes: ['ingest'] } })).json()) as {
      secret: string;
      apiKey: { id: string };
    };
    const payment = await newA2U(t);
    const backend = (authorization: string | undefined, body: unknown) =>
      t.app.request('/api/ingest/payments', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      });

    const ok = await backend(`Bearer ${token}`, { ids: [payment.identifier, 'nosuchpayment000000000000000'] });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      results: expect.arrayContaining([
        { id: payment.identifier, result: 'indexed', state: 'awaiting_transaction' },
        { id: 'nosuchpayment000000000000000', result: 'not_found' },
      ]),
    });

    expect((await backend(undefined, { ids: [payment.identifier] })).status).toBe(401);
    expect((await backend('Bearer plat_ingest_not-a-real-token', { ids: [payment.identifier] })).status).toBe(401);
    expect((await errorOf(await backend(`Key ${token}`, { ids: [payment.identifier] }))).code).toBe('invalid_api_key');
    // The scheme name is case-insensitive (RFC 9110).
    expect((await backend(`bearer ${token}`, { ids: [payment.identifier] })).status).toBe(200);

    expect((await t.request('POST', `/api/api-keys/${apiKey.id}/revoke`, { cookie: admin })).status).toBe(200);
    expect((await backend(`Bearer ${token}`, { ids: [payment.identifier] })).status).toBe(401);
  });
});
