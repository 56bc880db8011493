import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleHas, type Permission } from '../../../bff/src/auth/permissions.ts';
import type { StepUpRule } from '../../../bff/src/guards/require-access.ts';
import { ROLES } from '../../../bff/src/domain/roles.ts';
import { apiRoutes, concrete, type ApiRoute } from '../support/route-table.ts';
import { enrolTotp, signInWithTotp, stepUp } from '../support/second-factors.ts';
import { addStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The routes that move money or change who may (docs/staff-and-access.md, "Step-up"): paying a reward
 * or refund, starting or resuming a batch, approving, clearing for real, creating or rolling an API
 * key, creating a webhook endpoint or rotating its secret, changing limits, staff and roles or the second-factor policy, and one's own second factors.
 */
const STEP_UP_ROUTES: Record<string, StepUpRule> = {
  'POST /api/rewards': 'always',
  'POST /api/rewards/:id/retry': 'always',
  'POST /api/rewards/:id/approve': 'always',
  'POST /api/payments/:id/refunds': 'always',
  'POST /api/rewards/batches/:id/start': 'always',
  'POST /api/rewards/batches/:id/resume': 'always',
  'POST /api/rewards/batches/:id/retry-failed': 'always',
  'POST /api/rewards/batches/:id/approve': 'always',
  'POST /api/incomplete/clear': 'unless-dry-run',
  'POST /api/api-keys': 'always',
  'POST /api/api-keys/:id/roll': 'always',
  'POST /api/webhook-endpoints': 'always',
  'POST /api/webhook-endpoints/:id/rotate-secret': 'always',
  'PUT /api/settings/reward-limits': 'always',
  'PUT /api/settings/second-factor': 'always',
  'POST /api/staff': 'always',
  'PATCH /api/staff/:id': 'always',
  'POST /api/staff/:id/reset-access': 'always',
  'POST /api/staff/:id/second-factors/reset': 'always',
  'POST /api/me/recovery-codes': 'always',
  'DELETE /api/me/totp': 'always',
};

const name = (route: ApiRoute) => `${route.method} ${route.path}`;
// Removing one's own app leaves nothing to step up with: it goes last.
const ownAppLast = (a: ApiRoute, b: ApiRoute) => Number(name(a) === 'DELETE /api/me/totp') - Number(name(b) === 'DELETE /api/me/totp');
const bodyFor = (route: ApiRoute) => (route.stepUp === 'unless-dry-run' ? { dryRun: false } : {});
const mayCall = (role: (typeof ROLES)[number], route: ApiRoute) => route.access === 'signed-in' || roleHas(role, route.access as Permission);

async function codeOf(response: Response): Promise<string> {
  return response.status === 401 || response.status === 403 ? ((await response.json()) as { error: { code: string } }).error.code : String(response.status);
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('pglite');
  admin = await t.signInAs('admin');
});
afterAll(() => t.close());

describe('the step-up declarations', () => {
  it('are on exactly the routes that move money or change who may, and on no route a key calls', () => {
    const declared = Object.fromEntries(apiRoutes(t).filter((route) => route.stepUp !== undefined).map((route) => [name(route), route.stepUp]));
    expect(declared).toEqual(STEP_UP_ROUTES);
    expect(apiRoutes(t).filter((route) => route.credential === 'api-key' && route.stepUp !== undefined)).toEqual([]);
  });
});

describe('role × step-up route matrix', () => {
  it.each(ROLES)('asks a %s with a second factor for a fresh one on every such route, and lets them through after step-up', async (role) => {
    const member = await addStaff(t, admin, role);
    const { secret } = await enrolTotp(t, member.cookie);
    const cookie = await signInWithTotp(t, member.email, secret);
    t.clock.advance(5 * 60_000 + 1);
    const routes = apiRoutes(t)
      .filter((route) => route.stepUp !== undefined)
      .sort(ownAppLast);
    const failures: string[] = [];
    for (const route of routes) {
      const code = await codeOf(await t.request(route.method, concrete(route.path), { cookie, body: bodyFor(route) }));
      const expected = mayCall(role, route) ? 'step_up_required' : 'forbidden';
      if (code !== expected) failures.push(`stale ${name(route)}: ${code}, expected ${expected}`);
    }
    // A dry run of clearing moves nothing: no fresh check is asked.
    const dryRun = await t.request('POST', '/api/incomplete/clear', { cookie, body: { dryRun: true } });
    if (mayCall(role, { access: 'incomplete:clear' } as ApiRoute) && dryRun.status !== 200) failures.push(`dry run: ${dryRun.status}`);

    expect((await stepUp(t, cookie, secret)).status).toBe(200);
    for (const route of routes) {
      const code = await codeOf(await t.request(route.method, concrete(route.path), { cookie, body: bodyFor(route) }));
      const through = !['step_up_required', 'forbidden', 'signed_out', 'second_factor_required'].includes(code);
      if (mayCall(role, route) !== through) failures.push(`fresh ${name(route)}: ${code}`);
    }
    expect(failures).toEqual([]);
  });

  it('does not ask staff without a second factor, nor keys', async () => {
    const manager = await t.signInAs('manager');
    const fresh = await t.request('POST', '/api/rewards', { cookie: manager, body: {} });
    expect(fresh.status).toBe(400);
    t.clock.advance(10 * 60_000);
    expect((await t.request('POST', '/api/rewards', { cookie: manager, body: {} })).status).toBe(400);

    const created = await t.request('POST', '/api/api-keys', { cookie: admin, body: { name: 'pays', scopes: ['rewards:write'] } });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    const byKey = await t.app.request('/v1/rewards', { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: '{}' });
    expect(byKey.status).toBe(400);
  });
});
