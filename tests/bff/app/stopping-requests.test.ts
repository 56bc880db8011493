import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/emulator-control.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** What callers see once the console has begun to stop: readiness false, new requests refused with a 503 in words, nothing done. */
describe('requests while the console stops', () => {
  const stopping = new AbortController();
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { rewardChain: true, stopping: stopping.signal });
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  it('answers ready until the stop begins, then not ready and no new request', async () => {
    const user = await createUser(t.emulator, ['username', 'payments']);
    expect((await t.request('GET', '/api/ready')).status).toBe(200);

    stopping.abort();
    const ready = await t.request('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, stopping: true });

    const refused = await t.request('POST', '/api/rewards', { cookie: admin, body: { uid: user.uid, amount: '1', memo: 'after the stop', metadata: {} }, headers: { 'idempotency-key': 'after-the-stop' } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('console_stopping');
    expect(error.message).toContain('is stopping and takes no new requests');
    const [{ count } = { count: -1 }] = await t.store.sql.rows<{ count: number }>('SELECT count(*)::int AS count FROM rewards');
    expect(count).toBe(0);
  });
});
