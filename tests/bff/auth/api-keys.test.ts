import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiKeys } from '../../../bff/src/auth/api-keys.ts';
import { hashToken } from '../../../bff/src/auth/tokens.ts';
import { AuditLog } from '../../../bff/src/audit/audit-log.ts';
import { openStore } from '../../../bff/src/store/database.ts';
import { loadMigrations } from '../../../bff/src/store/migrate.ts';
import { createUser } from '../../support/emulator-control.ts';
import { openTestPglite, storeKinds } from '../../support/test-store.ts';
import { errorOf } from '../support/payments.ts';
import { listen } from '../../support/listen.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface KeyView {
  id: string;
  hint: string;
  status: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  previousValidUntil: string | null;
}

const HOUR = 3_600_000;

describe.each(storeKinds)('API keys on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
  });
  // Some tests move the clock on by hours, past a session's idle limit.
  beforeEach(async () => {
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const createKey = async (body: Record<string, unknown>) => {
    const response = await t.request('POST', '/api/api-keys', { cookie: admin, body: { name: 'app backend', scopes: ['ingest'], ...body } });
    expect(response.status).toBe(201);
    return (await response.json()) as { secret: string; apiKey: KeyView };
  };
  const list = async () => ((await (await t.request('GET', '/api/api-keys', { cookie: admin })).json()) as { apiKeys: KeyView[] }).apiKeys;
  const ingest = (secret: string, headers: Record<string, string> = {}) =>
    t.app.request('/api/ingest/payments', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, ...headers }, body: JSON.stringify({ ids: ['nosuchpayment000000000000000'] }) });

  it('shows a secret once, with its mode in the prefix, and keeps only its hash', async () => {
    const { secret, apiKey } = await createKey({ name: 'shown once' });
    expect(secret).toMatch(/^plat_sk_sandbox_[A-Za-z0-9_-]{43}$/);
    expect(apiKey.hint).toBe(`plat_sk_sandbox_…${secret.slice(-4)}`);
    const stored = await t.store.sql.rows<Record<string, unknown>>(`SELECT * FROM api_keys WHERE id = '${apiKey.id}'`);
    expect(JSON.stringify(stored)).not.toContain(secret.slice('plat_sk_sandbox_'.length));
    expect(stored[0]?.secret_hash).toBe(hashToken(secret));
    expect(JSON.stringify(await list())).not.toContain(secret);
    const audit = await t.store.sql.rows<{ details: unknown }>("SELECT details FROM audit_events WHERE action = 'api_key.create'");
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('is managed by admins only, and refuses bad input in words', async () => {
    const manager = await t.signInAs('manager');
    expect((await t.request('GET', '/api/api-keys', { cookie: manager })).status).toBe(403);
    expect((await t.request('POST', '/api/api-keys', { cookie: manager, body: { name: 'x', scopes: ['ingest'] } })).status).toBe(403);
    for (const [body, words] of [
      [{ name: 'x', scopes: [] }, 'scopes: at least one scope is required'],
      [{ name: 'x', scopes: ['payments:write'] }, 'scopes.0: must be one of'],
      [{ name: 'x', scopes: ['ingest'], allowedIps: ['10.0.0.0/33'] }, 'allowedIps.0: must be an IP address or a CIDR'],
      [{ name: 'x', scopes: ['ingest'], limits: { perRewardCap: '1.12345678' } }, 'limits.perRewardCap: must be a decimal string'],
      [{ name: 'x', scopes: ['ingest'], expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt: must be in the future'],
    ] as const) {
      const response = await t.request('POST', '/api/api-keys', { cookie: admin, body });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toContain(words);
    }
  });

  it('records when and from where a key was last used', async () => {
    const { secret, apiKey } = await createKey({ name: 'last used' });
    expect((await ingest(secret)).status).toBe(200);
    const used = (await list()).find((key) => key.id === apiKey.id);
    expect(used?.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('refuses an unknown, revoked or expired key alike, without saying whether it exists', async () => {
    const { secret: revoked, apiKey } = await createKey({ name: 'to revoke' });
    expect((await t.request('POST', `/api/api-keys/${apiKey.id}/revoke`, { cookie: admin })).status).toBe(200);
    const { secret: expiring } = await createKey({ name: 'expiring', expiresAt: new Date(t.clock.now().getTime() + HOUR).toISOString() });
    expect((await ingest(expiring)).status).toBe(200);
    t.clock.advance(HOUR + 1);
    const answers = await Promise.all(
      [ingest('plat_sk_sandbox_nosuchkey'), ingest(revoked), ingest(expiring)].map(async (answer) => {
        const response = await answer;
        const { code, message } = await errorOf(response);
        return { status: response.status, code, message };
      }),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 401, code: 'invalid_api_key' });
    admin = await t.signInAs('admin');
    expect((await list()).find((key) => key.id === apiKey.id)?.status).toBe('revoked');
  });

  it('rolls a key: the new secret works at once, the old one until the overlap ends', async () => {
    const { secret: old, apiKey } = await createKey({ name: 'rolled' });
    const rolled = await t.request('POST', `/api/api-keys/${apiKey.id}/roll`, { cookie: admin, body: { overlapHours: 2 } });
    expect(rolled.status).toBe(200);
    const { secret: fresh, apiKey: after } = (await rolled.json()) as { secret: string; apiKey: KeyView };
    expect(fresh).not.toBe(old);
    expect(after.previousValidUntil).toBe(new Date(t.clock.now().getTime() + 2 * HOUR).toISOString());
    expect((await ingest(fresh)).status).toBe(200);
    expect((await ingest(old)).status).toBe(200);
    t.clock.advance(2 * HOUR);
    expect((await ingest(old)).status).toBe(401);
    expect((await ingest(fresh)).status).toBe(200);
    admin = await t.signInAs('admin');
    const defaulted = await t.request('POST', `/api/api-keys/${apiKey.id}/roll`, { cookie: admin, body: {} });
    expect(((await defaulted.json()) as { apiKey: KeyView }).apiKey.previousValidUntil).toBe(new Date(t.clock.now().getTime() + 24 * HOUR).toISOString());
  });

  it('answers a key outside its IP allow-list with 403, and lets it in from an allowed address', async () => {
    const { secret } = await createKey({ name: 'allow-listed', allowedIps: ['203.0.113.0/24', '127.0.0.0/8'] });
    const { secret: elsewhere } = await createKey({ name: 'allowed elsewhere', allowedIps: ['203.0.113.0/24'] });
    const server = await listen(t.app.fetch);
    try {
      const call = (key: string) =>
        fetch(`${server.origin}/api/ingest/payments`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ ids: ['nosuchpayment000000000000000'] }) });
      expect((await call(secret)).status).toBe(200);
      const refused = await call(elsewhere);
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toMatchObject({ code: 'ip_not_allowed', message: expect.stringContaining('127.0.0.1') });
    } finally {
      await server.close();
    }
    const seen = (await list()).find((key) => key.hint && key.lastUsedIp !== null);
    expect(seen?.lastUsedIp).toBe('127.0.0.1');
  });

  it('pays as the requester under its own caps and daily total, audited with the key as actor and its creator named', async () => {
    const { uid } = await createUser(t.emulator);
    const { apiKey } = await createKey({ name: 'game backend', scopes: ['rewards:write'], limits: { perRewardCap: '5', dailyTotal: '8' } });
    const origin = { actor: { id: apiKey.id, email: 'game backend', role: 'api_key' as const, createdBy: 'admin@sandbox.local' }, clientIp: null, requestId: null };
    const pay = (amount: string, key: string) => t.services.rewards.request({ idempotencyKey: key, reward: { uid, amount, memo: `key ${key}`, metadata: {} }, confirmLookAlike: false, requestedBy: apiKey.id, origin });
    await expect(pay('6', 'over-cap')).rejects.toMatchObject({ code: 'over_per_reward_cap' });
    const { reward } = await pay('5', 'first');
    expect(reward.state).toBe('completed');
    await expect(pay('4', 'over-day')).rejects.toMatchObject({ code: 'over_daily_total' });
    const rows = await t.store.sql.rows<{ actor_id: string; actor_role: string; details: { keyCreatedBy?: string } }>(
      `SELECT actor_id, actor_role, details FROM audit_events WHERE action = 'reward.request' AND actor_id = '${apiKey.id}'`,
    );
    expect(rows).toEqual([expect.objectContaining({ actor_role: 'api_key', details: expect.objectContaining({ keyCreatedBy: 'admin@sandbox.local' }) })]);
    expect((await t.request('POST', `/api/api-keys/${apiKey.id}/revoke`, { cookie: admin })).status).toBe(200);
    await expect(pay('1', 'after-revoke')).rejects.toMatchObject({ code: 'requester_cannot_pay' });
  });
});

describe('the rate of a key', () => {
  let t: TestApp;
  // A rate so low that no machine, however busy, answers these requests slowly enough to refill it.
  beforeAll(async () => {
    t = await createTestApp('pglite', { keyRate: { perSecond: 0.01, burst: 3 } });
  });
  afterAll(() => t.close());

  it('is limited, with a Retry-After, per key', async () => {
    const create = async (name: string) => {
      const response = await t.request('POST', '/api/api-keys', { cookie: await t.signInAs('admin'), body: { name, scopes: ['ingest'] } });
      return ((await response.json()) as { secret: string }).secret;
    };
    const [busy, quiet] = [await create('busy'), await create('quiet')];
    const ingest = (secret: string) =>
      t.app.request('/api/ingest/payments', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ ids: ['nosuchpayment000000000000000'] }) });
    const answers = await Promise.all(Array.from({ length: 5 }, () => ingest(busy)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429]);
    const limited = answers.find((answer) => answer.status === 429) as Response;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await errorOf(limited)).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('try again in') });
    expect((await ingest(quiet)).status).toBe(200);
  });
});

describe('the ingest tokens made before API keys', () => {
  it('become keys with the ingest scope, and their tokens keep working', async () => {
    // A migrated store put back to how 0019 left it (an initdb of a fresh PGlite costs seconds): the
    // ingest tokens' table and the requester's foreign key back, the API keys and 0020 gone.
    const instance = await openTestPglite();
    const v0002 = loadMigrations().find((migration) => migration.version.startsWith('0002_'))?.sql ?? '';
    await instance.exec(`
      DROP TABLE api_keys CASCADE;
      DELETE FROM schema_migrations WHERE version = '0020_api_keys';
      ALTER TABLE rewards ADD CONSTRAINT rewards_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES staff (id);
      ${v0002.slice(v0002.indexOf('CREATE TABLE ingest_tokens'))}`);
    const token = 'plat_ingest_made-before-keys';
    await instance.query("INSERT INTO staff (id, email, name, role) VALUES ('11111111-1111-4111-8111-111111111111', 'admin@example.com', 'Admin', 'admin')");
    await instance.query(
      "INSERT INTO ingest_tokens (id, name, token_hash, created_by, created_at) VALUES ('22222222-2222-4222-8222-222222222222', 'old backend', $1, '11111111-1111-4111-8111-111111111111', now())",
      [hashToken(token)],
    );
    const store = await openStore({ kind: 'pglite-instance', instance });
    try {
      const clock = { now: () => new Date(), monotonicMs: () => performance.now() };
      const keys = new ApiKeys({ db: store.db, clock, audit: new AuditLog(store.db, clock), mode: 'sandbox' });
      expect(await keys.authenticate(token, null)).toEqual({ id: '22222222-2222-4222-8222-222222222222', name: 'old backend', scopes: ['ingest'], createdBy: 'admin@example.com', limits: {} });
      expect(await keys.list()).toEqual([expect.objectContaining({ name: 'old backend', hint: 'plat_ingest_…', scopes: ['ingest'], status: 'active' })]);
    } finally {
      await store.close();
    }
  });
});
