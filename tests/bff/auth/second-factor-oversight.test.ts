import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceWords } from '../../../bff/src/auth/device-words.ts';
import { storeKinds } from '../../support/test-store.ts';
import { enrolTotp, signInWithTotp } from '../support/second-factors.ts';
import { addStaff, type TestStaff } from '../support/staff.ts';
import { createTestApp, SANDBOX_PASSWORD, sessionCookieFrom, type TestApp } from '../support/test-app.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE_WINDOWS = `${CHROME_WINDOWS} Edg/131.0.0.0`;

interface SessionRow {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  device: string;
}

describe('a device in words', () => {
  it.each([
    [FIREFOX_LINUX, 'Firefox on Linux'],
    [SAFARI_IPHONE, 'Safari on iOS'],
    [CHROME_WINDOWS, 'Chrome on Windows'],
    [EDGE_WINDOWS, 'Edge on Windows'],
    ['curl/8.5.0', 'curl'],
    [null, 'an unknown device'],
  ])('says %s as %s', (agent, words) => {
    expect(deviceWords(agent)).toBe(words);
  });
});

describe.each(storeKinds)('sessions and resets on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const signInFrom = async (email: string, userAgent: string) => {
    const response = await t.request('POST', '/api/session', { body: { email, password: SANDBOX_PASSWORD }, headers: { 'user-agent': userAgent } });
    expect(response.status).toBe(200);
    return sessionCookieFrom(response);
  };
  const sessionsOf = async (cookie: string) => ((await (await t.request('GET', '/api/me/sessions', { cookie })).json()) as { sessions: SessionRow[] }).sessions;
  const auditOf = (action: string, member: TestStaff) =>
    t.store.sql.rows<{ outcome: string; actor_email: string | null }>(`SELECT outcome, actor_email FROM audit_events WHERE action = '${action}' AND target = 'staff:${member.id}' ORDER BY id`);

  it('lists one’s own sessions with device, address and last seen, and ends one of them', async () => {
    const member = await addStaff(t, admin, 'manager');
    const laptop = await signInFrom(member.email, FIREFOX_LINUX);
    t.clock.advance(2 * 60_000);
    const phone = await signInFrom(member.email, SAFARI_IPHONE);

    const listed = await sessionsOf(laptop);
    expect(listed).toHaveLength(3);
    const [newest] = listed;
    expect(newest).toEqual({ id: expect.any(String), current: false, createdAt: t.clock.now().toISOString(), lastSeenAt: t.clock.now().toISOString(), ip: null, device: 'Safari on iOS' });
    expect(listed.filter((session) => session.current).map((session) => session.device)).toEqual(['Firefox on Linux']);

    expect((await t.request('POST', `/api/me/sessions/${newest?.id}/end`, { cookie: laptop })).status).toBe(204);
    expect((await t.request('GET', '/api/session', { cookie: phone })).status).toBe(401);
    expect(await sessionsOf(laptop)).toHaveLength(2);

    // Another member's session is not one's own to end, and an unknown id is said so.
    const other = (await sessionsOf(admin))[0]?.id;
    const foreign = await t.request('POST', `/api/me/sessions/${other}/end`, { cookie: laptop });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('session_not_found');
    expect((await t.request('GET', '/api/session', { cookie: admin })).status).toBe(200);
    expect((await t.request('POST', '/api/me/sessions/not-an-id/end', { cookie: laptop })).status).toBe(400);
    expect((await auditOf('session.end', member)).map((row) => row.outcome)).toEqual(['ok']);
  });

  it('lets an admin end all of a member’s sessions, audited', async () => {
    const member = await addStaff(t, admin, 'ops');
    const other = await signInFrom(member.email, CHROME_WINDOWS);
    const manager = await t.signInAs('manager');
    expect((await t.request('POST', `/api/staff/${member.id}/sessions/end`, { cookie: manager })).status).toBe(403);
    expect((await t.request('POST', `/api/staff/${member.id}/sessions/end`, { cookie: admin })).status).toBe(204);
    for (const cookie of [member.cookie, other]) expect((await t.request('GET', '/api/session', { cookie })).status).toBe(401);
    expect((await t.request('POST', '/api/staff/00000000-0000-4000-8000-000000000000/sessions/end', { cookie: admin })).status).toBe(404);
    expect(await auditOf('staff.end_sessions', member)).toEqual([{ outcome: 'ok', actor_email: 'admin@sandbox.local' }]);
  });

  it('shows on the staff list who has an authenticator app', async () => {
    const member = await addStaff(t, admin, 'support');
    await enrolTotp(t, member.cookie);
    const { staff } = (await (await t.request('GET', '/api/staff', { cookie: admin })).json()) as { staff: Array<{ email: string; secondFactors: unknown }> };
    expect(staff.find((row) => row.email === member.email)?.secondFactors).toEqual({ totp: true, passkeys: 0 });
    expect(staff.find((row) => row.email === 'admin@sandbox.local')?.secondFactors).toEqual({ totp: false, passkeys: 0 });
  });

  it('lets an admin reset a member’s second factors: removed, sessions ended, enrol again at next sign-in; never one’s own', async () => {
    const member = await addStaff(t, admin, 'manager');
    const { secret } = await enrolTotp(t, member.cookie);
    const signedIn = await signInWithTotp(t, member.email, secret);

    const reset = await t.request('POST', `/api/staff/${member.id}/second-factors/reset`, { cookie: admin });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ staff: { email: member.email, secondFactors: { totp: false, passkeys: 0 } } });
    for (const cookie of [member.cookie, signedIn]) expect((await t.request('GET', '/api/session', { cookie })).status).toBe(401);
    expect(await t.store.sql.rows(`SELECT 1 FROM recovery_codes WHERE staff_id = '${member.id}' UNION ALL SELECT 1 FROM staff_totp WHERE staff_id = '${member.id}'`)).toEqual([]);

    const again = await t.request('POST', '/api/session', { body: { email: member.email, password: SANDBOX_PASSWORD } });
    expect(await again.json()).toMatchObject({ staff: { email: member.email }, secondFactor: { state: 'none', required: true, enrolled: { totp: false } } });

    const adminId = ((await (await t.request('GET', '/api/session', { cookie: admin })).json()) as { staff: { id: string } }).staff.id;
    const own = await t.request('POST', `/api/staff/${adminId}/second-factors/reset`, { cookie: admin });
    expect(own.status).toBe(403);
    expect(((await own.json()) as { error: { code: string } }).error.code).toBe('own_reset');
    expect((await t.request('POST', '/api/staff/00000000-0000-4000-8000-000000000000/second-factors/reset', { cookie: admin })).status).toBe(404);
    expect((await t.request('POST', `/api/staff/${member.id}/second-factors/reset`, { cookie: await t.signInAs('manager') })).status).toBe(403);
    expect(await auditOf('staff.reset_second_factors', member)).toEqual([{ outcome: 'ok', actor_email: 'admin@sandbox.local' }]);
  });
});
