import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../bff/src/domain/roles.ts';
import { authenticatorCode } from '../support/second-factors.ts';
import { addStaff } from '../support/staff.ts';
import { createTestApp, SANDBOX_PASSWORD, sessionCookieFrom, type TestApp } from '../support/test-app.ts';

const DAY_MS = 24 * 60 * 60_000;

interface Policy {
  requiredRoles: string[];
  graceDays: number;
  sandboxExempt: boolean;
  stepUpMinutes: number;
  requiredSince: string;
}

interface SignInBody {
  secondFactor: { state: string; required: boolean; enrolBy: string | null; mustEnrol: boolean };
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('pglite');
  admin = await t.signInAs('admin');
});
afterAll(() => t.close());

/** Changes the policy as the demo admin; a fresh session unless one is given (days pass in these tests). */
async function setPolicy(change: Partial<Omit<Policy, 'requiredSince'>>, cookie?: string): Promise<Policy> {
  admin = cookie ?? (await t.signInAs('admin'));
  const current = (await (await t.request('GET', '/api/settings/second-factor', { cookie: admin })).json()) as Policy;
  const { requiredSince: _since, ...input } = current;
  const response = await t.request('PUT', '/api/settings/second-factor', { cookie: admin, body: { ...input, ...change } });
  if (response.status !== 200) throw new Error(`setting the policy failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Policy;
}

async function signIn(email: string): Promise<{ cookie: string; body: SignInBody }> {
  const response = await t.request('POST', '/api/session', { body: { email, password: SANDBOX_PASSWORD } });
  expect(response.status).toBe(200);
  return { cookie: sessionCookieFrom(response), body: (await response.json()) as SignInBody };
}

describe('the second-factor policy', () => {
  it('defaults to every role, 7 days of grace, the demo accounts exempt, and 5 minutes for step-up; admins only', async () => {
    const response = await t.request('GET', '/api/settings/second-factor', { cookie: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ requiredRoles: [...ROLES], graceDays: 7, sandboxExempt: true, stepUpMinutes: 5, requiredSince: expect.any(String) });
    const manager = await t.signInAs('manager');
    expect((await t.request('GET', '/api/settings/second-factor', { cookie: manager })).status).toBe(403);
    expect((await t.request('PUT', '/api/settings/second-factor', { cookie: manager, body: { requiredRoles: [], graceDays: 7, sandboxExempt: true, stepUpMinutes: 5 } })).status).toBe(403);
  });

  it('refuses bad input in words and audits each change with before and after', async () => {
    const valid = { requiredRoles: ['admin'], graceDays: 3, sandboxExempt: true, stepUpMinutes: 10 };
    for (const bad of [{ ...valid, extra: 1 }, { ...valid, graceDays: -1 }, { ...valid, stepUpMinutes: 0 }, { ...valid, requiredRoles: ['admin', 'admin'] }, { ...valid, requiredRoles: ['owner'] }, { requiredRoles: [] }]) {
      const response = await t.request('PUT', '/api/settings/second-factor', { cookie: admin, body: bad });
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    }
    const set = await setPolicy(valid);
    expect(set).toMatchObject(valid);
    const [row] = await t.store.sql.rows<{ actor_email: string; details: { before: Policy; after: Policy } }>("SELECT actor_email, details FROM audit_events WHERE action = 'settings.second_factor' ORDER BY id DESC LIMIT 1");
    expect(row?.actor_email).toBe('admin@sandbox.local');
    expect(row?.details.before.graceDays).toBe(7);
    expect(row?.details.after).toMatchObject(valid);
  });

  it('gives a grace from the policy’s start or the member’s creation, the later, told at each sign-in; after it, only enrolling', async () => {
    await setPolicy({ requiredRoles: [] });
    const early = await addStaff(t, admin, 'ops');
    t.clock.advance(DAY_MS);
    // Requiring a role again starts a new grace for its members, from now.
    const policy = await setPolicy({ requiredRoles: [...ROLES], graceDays: 7, stepUpMinutes: 5 });
    expect(policy.requiredSince).toBe(t.clock.now().toISOString());
    t.clock.advance(DAY_MS);
    const late = await addStaff(t, await t.signInAs('admin'), 'ops');

    const earlySignIn = await signIn(early.email);
    expect(earlySignIn.body.secondFactor).toEqual(expect.objectContaining({ state: 'none', required: true, mustEnrol: false, enrolBy: new Date(Date.parse(policy.requiredSince) + 7 * DAY_MS).toISOString() }));
    const lateSignIn = await signIn(late.email);
    expect(lateSignIn.body.secondFactor.enrolBy).toBe(new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString());
    expect((await t.request('GET', '/api/rewards', { cookie: earlySignIn.cookie })).status).toBe(200);

    t.clock.advance(6 * DAY_MS);
    const { cookie, body } = await signIn(early.email);
    expect(body.secondFactor).toMatchObject({ required: true, mustEnrol: true });
    expect((await signIn(late.email)).body.secondFactor.mustEnrol).toBe(false);

    const refused = await t.request('GET', '/api/rewards', { cookie });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('enrolment_required');
    expect((await t.request('GET', '/api/session', { cookie })).status).toBe(200);
    const started = await t.request('POST', '/api/me/totp', { cookie });
    expect(started.status).toBe(200);
    const { secret } = (await started.json()) as { secret: string };
    expect((await t.request('POST', '/api/me/totp/confirm', { cookie, body: { code: authenticatorCode(secret, t.clock.now()) } })).status).toBe(200);
    // Enrolled: this session checked its factor just now and may work.
    expect((await t.request('GET', '/api/rewards', { cookie })).status).toBe(200);
  });

  it('lets roles it does not name, and the sandbox’s demo accounts while they are exempt, in with the password alone', async () => {
    const before = await t.signInAs('admin');
    await setPolicy({ requiredRoles: ['admin'], graceDays: 0 }, before);
    const support = await addStaff(t, admin, 'support');
    expect((await signIn(support.email)).body.secondFactor).toMatchObject({ required: false, enrolBy: null, mustEnrol: false });
    expect((await signIn('admin@sandbox.local')).body.secondFactor).toMatchObject({ required: false, mustEnrol: false });

    await setPolicy({ sandboxExempt: false }, before);
    const demo = await signIn('admin@sandbox.local');
    expect(demo.body.secondFactor).toMatchObject({ required: true, mustEnrol: true });
    expect((await t.request('GET', '/api/staff', { cookie: demo.cookie })).status).toBe(403);
    // A session from before the change goes on as the policy stood at its sign-in.
    await setPolicy({ sandboxExempt: true, graceDays: 7, requiredRoles: [...ROLES] }, before);
    expect((await signIn('admin@sandbox.local')).body.secondFactor).toMatchObject({ required: false });
  });
});
