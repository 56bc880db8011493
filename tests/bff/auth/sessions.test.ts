import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/test-app.ts';

describe.each(storeKinds)('sessions on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('signs in with a hardened session cookie and says who is signed in', async () => {
    const response = await t.request('POST', '/api/session', { body: { email: 'Manager@Sandbox.Local ', password: 'sandbox-password-for-tests' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { staff: { email: string; role: string }; permissions: string[] };
    expect(body.staff).toMatchObject({ email: 'manager@sandbox.local', role: 'manager' });
    expect(body.permissions).toContain('rewards:pay');
    expect(body.permissions).not.toContain('staff:manage');

    const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-plat_session='));
    expect(header).toBeDefined();
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/i);
    const id = (header ?? '').split(';')[0]?.split('=')[1] ?? '';
    expect(Buffer.from(id, 'base64url').length).toBeGreaterThanOrEqual(16);

    const me = await t.request('GET', '/api/session', { cookie: sessionCookieFrom(response) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ staff: { email: 'manager@sandbox.local' }, session: { expiresAt: expect.any(String), idleExpiresAt: expect.any(String) } });
  });

  it('keeps only a hash of the session id in the store', async () => {
    const cookie = await t.signInAs('support');
    const id = cookie.split('=')[1] ?? '';
    const rows = await t.store.sql.rows<{ id_hash: string }>('SELECT id_hash FROM sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.id_hash === id)).toBe(false);
  });

  it('answers the same for an unknown email and a wrong password', async () => {
    const unknown = await t.request('POST', '/api/session', { body: { email: 'nobody@sandbox.local', password: 'whatever-password' } });
    const wrong = await t.request('POST', '/api/session', { body: { email: 'ops@sandbox.local', password: 'whatever-password' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const [a, b] = [(await unknown.json()) as { error: { code: string; message: string } }, (await wrong.json()) as { error: { code: string; message: string } }];
    expect(a.error.code).toBe('invalid_credentials');
    expect(a.error.message).toBe(b.error.message);
  });

  it('signs out: the cookie no longer works', async () => {
    const cookie = await t.signInAs('ops');
    expect((await t.request('DELETE', '/api/session', { cookie })).status).toBe(204);
    expect((await t.request('GET', '/api/session', { cookie })).status).toBe(401);
  });

  it('gives a new session id at every sign-in and drops the one the browser had (fixation)', async () => {
    const before = await t.signInAs('support');
    const response = await t.request('POST', '/api/session', { cookie: before, body: { email: 'support@sandbox.local', password: 'sandbox-password-for-tests' } });
    const after = sessionCookieFrom(response);
    expect(after).not.toBe(before);
    expect((await t.request('GET', '/api/session', { cookie: before })).status).toBe(401);
    expect((await t.request('GET', '/api/session', { cookie: after })).status).toBe(200);

    const planted = '__Host-plat_session=attacker-chosen-value';
    const signedIn = await t.request('POST', '/api/session', { cookie: planted, body: { email: 'support@sandbox.local', password: 'sandbox-password-for-tests' } });
    expect(sessionCookieFrom(signedIn)).not.toBe(planted);
  });

  it('stops a session ended by another instance at once for changes and within 3 seconds for reads', async () => {
    const cookie = await t.signInAs('support');
    expect((await t.request('GET', '/api/session', { cookie })).status).toBe(200);
    await t.store.sql.exec('DELETE FROM sessions');

    expect((await t.request('POST', '/api/payments/import', { cookie, body: { ids: ['any-id'] } })).status).toBe(401);
    // That refusal was read from the store, so this instance now knows too.
    expect((await t.request('GET', '/api/session', { cookie })).status).toBe(401);

    const other = await t.signInAs('support');
    expect((await t.request('GET', '/api/session', { cookie: other })).status).toBe(200);
    await t.store.sql.exec('DELETE FROM sessions');
    t.clock.advance(2_900);
    expect((await t.request('GET', '/api/session', { cookie: other })).status).toBe(200);
    t.clock.advance(100);
    expect((await t.request('GET', '/api/session', { cookie: other })).status).toBe(401);
  });

  it('ends a session after 30 minutes without activity, not while it is used', async () => {
    const cookie = await t.signInAs('support');
    t.clock.advance(20 * 60_000);
    expect((await t.request('GET', '/api/session', { cookie })).status).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await t.request('GET', '/api/session', { cookie })).status).toBe(200);
    t.clock.advance(30 * 60_000 + 1);
    expect((await t.request('GET', '/api/session', { cookie })).status).toBe(401);
  });

  it('ends a session 8 hours after sign-in even when it is used', async () => {
    const cookie = await t.signInAs('support');
    // Active every 25 minutes: never idle, so only the 8-hour limit can end it (at 500 min, past 480).
    for (let minutes = 25; minutes < 8 * 60; minutes += 25) {
      t.clock.advance(25 * 60_000);
      expect((await t.request('GET', '/api/session', { cookie })).status).toBe(200);
    }
    t.clock.advance(25 * 60_000);
    expect((await t.request('GET', '/api/session', { cookie })).status).toBe(401);
  });

  it('changes one’s password: checks the current one and the length, keeps this session, ends the others', async () => {
    const current = await t.signIn('admin@sandbox.local');
    const other = await t.signIn('admin@sandbox.local');
    const wrong = await t.request('POST', '/api/session/password', { cookie: current, body: { currentPassword: 'not-it-at-all', newPassword: 'a-new-long-password' } });
    expect(wrong.status).toBe(422);
    const short = await t.request('POST', '/api/session/password', { cookie: current, body: { currentPassword: 'sandbox-password-for-tests', newPassword: 'short' } });
    expect(short.status).toBe(400);
    const tooLong = await t.request('POST', '/api/session/password', { cookie: current, body: { currentPassword: 'sandbox-password-for-tests', newPassword: 'x'.repeat(129) } });
    expect(tooLong.status).toBe(400);

    const changed = await t.request('POST', '/api/session/password', { cookie: current, body: { currentPassword: 'sandbox-password-for-tests', newPassword: 'a new long password' } });
    expect(changed.status).toBe(204);
    expect((await t.request('GET', '/api/session', { cookie: current })).status).toBe(200);
    expect((await t.request('GET', '/api/session', { cookie: other })).status).toBe(401);
    await t.signIn('admin@sandbox.local', 'a new long password');
  });
});
