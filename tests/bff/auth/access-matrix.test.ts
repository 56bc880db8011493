import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsOf, roleHas, scopeFor, SCOPES, type Access, type Permission, type Scope } from '../../../bff/src/auth/permissions.ts';
import { ROLES, type Role } from '../../../bff/src/domain/roles.ts';
import { apiRoutes, concrete, UNSAFE, type ApiRoute } from '../support/route-table.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const sessionRoutes = (t: TestApp) => apiRoutes(t).filter((route) => route.credential !== 'api-key');
const keyRoutes = (t: TestApp) => apiRoutes(t).filter((route) => route.credential === 'api-key');

function permissionsGrantedBy(scope: Scope): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => scopeFor(permission) === scope);
}

function isSignOut(route: ApiRoute): boolean {
  return route.method === 'DELETE' && route.path === '/api/session';
}

/** What a staff member's session gets on a route that takes sessions: through or 403. */
function expectedFor(role: Role, access: Access): 'allowed' | 403 {
  if (access === 'public' || access === 'signed-in') return 'allowed';
  return roleHas(role, access) ? 'allowed' : 403;
}

/** The roles table of docs/staff-and-access.md, permission by permission: the permission table must say the same. */
const SUPPORT_MAY: Permission[] = ['payments:read', 'rewards:read', 'incomplete:read', 'ads:read', 'ads:check', 'wallet:read', 'reconciliation:read', 'audit:read'];
const DOCUMENTED_ROLES: Record<Role, Permission[]> = {
  support: SUPPORT_MAY,
  // Managers pay and approve; ops pay and clear stuck payments, but never approve.
  manager: [...SUPPORT_MAY, 'rewards:pay', 'refunds:pay', 'rewards:approve'],
  ops: [...SUPPORT_MAY, 'rewards:pay', 'refunds:pay', 'payments:act', 'incomplete:clear', 'reconciliation:act'],
  admin: [...SUPPORT_MAY, 'rewards:pay', 'refunds:pay', 'rewards:approve', 'payments:act', 'incomplete:clear', 'reconciliation:act', 'audit:verify', 'staff:manage', 'settings:manage', 'api-keys:manage', 'webhooks:manage'],
};

/** The scopes table of docs/staff-and-access.md: the permission each scope grants a key, and no other. */
const DOCUMENTED_SCOPES: Record<Scope, Permission> = {
  'rewards:write': 'rewards:pay',
  'rewards:read': 'rewards:read',
  'refunds:write': 'refunds:pay',
  'payments:read': 'payments:read',
  'users:write': 'users:write',
  'events:read': 'events:read',
  ingest: 'payments:ingest',
};

/** Routes whose access docs/staff-and-access.md and docs/rewards-and-batches.md state in words, beyond the table: who reads the limits, who approves. */
const DOCUMENTED_ROUTES: Record<string, Access> = {
  'GET /api/settings/reward-limits': 'rewards:pay',
  'GET /api/users': 'payments:read',
  'PUT /api/settings/reward-limits': 'settings:manage',
  'GET /api/wallet': 'wallet:read',
  'PUT /api/settings/wallet': 'settings:manage',
  'POST /api/reconciliation/run': 'reconciliation:act',
  'GET /api/reconciliation/exceptions': 'reconciliation:read',
  'GET /api/reconciliation/exceptions/export.csv': 'reconciliation:read',
  'POST /api/reconciliation/exceptions/:id/acknowledge': 'reconciliation:act',
  'POST /api/reconciliation/exceptions/:id/resolve': 'reconciliation:act',
  'POST /api/reconciliation/exceptions/:id/complete-payment': 'reconciliation:act',
  'GET /api/reconciliation/summary': 'reconciliation:read',
  'POST /api/rewards/:id/approve': 'rewards:approve',
  'POST /api/rewards/batches/:id/approve': 'rewards:approve',
  'POST /api/rewards/:id/reject': 'rewards:approve',
  'POST /api/rewards/batches/:id/reject': 'rewards:approve',
  'POST /api/rewards/:id/cancel': 'rewards:pay',
  'POST /api/rewards/batches/:id/cancel': 'rewards:pay',
};

let t: TestApp;
const cookies = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestApp('pglite');
  for (const role of ROLES) cookies.set(role, await t.signInAs(role));
});
afterAll(() => t.close());

describe('the route table', () => {
  it('has routes, and every /api route declares its access', () => {
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(8);
    expect(routes.filter((route) => route.access === undefined).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});

describe('the documented roles and the permission table', () => {
  it.each(ROLES)('give %s the same permissions', (role) => {
    expect(permissionsOf(role).sort()).toEqual([...DOCUMENTED_ROLES[role]].sort());
  });

  it('give each scope the one permission docs/public-api.md says', () => {
    const granted = Object.fromEntries(SCOPES.map((scope) => [scope, permissionsGrantedBy(scope)]));
    expect(granted).toEqual(Object.fromEntries(Object.entries(DOCUMENTED_SCOPES).map(([scope, permission]) => [scope, [permission]])));
  });

  it('give the routes the docs name the access they say', () => {
    const declared = Object.fromEntries(apiRoutes(t).map((route) => [`${route.method} ${route.path}`, route.access]));
    expect(Object.fromEntries(Object.keys(DOCUMENTED_ROUTES).map((route) => [route, declared[route]]))).toEqual(DOCUMENTED_ROUTES);
  });
});

describe('scope × route matrix', () => {
  it('has routes for keys, each declaring a permission that some scope grants', () => {
    const routes = keyRoutes(t);
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route) => route.access === undefined || route.access === 'public' || route.access === 'signed-in' || scopeFor(route.access) === null).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('answers 401 without a key, 403 without the scope, and lets the key with the scope through', async () => {
    const admin = cookies.get('admin');
    const secrets = new Map<Scope, string>();
    for (const scope of SCOPES) {
      const created = await t.request('POST', '/api/api-keys', { cookie: admin, body: { name: `only ${scope}`, scopes: [scope] } });
      secrets.set(scope, ((await created.json()) as { secret: string }).secret);
    }
    const failures: string[] = [];
    for (const route of keyRoutes(t)) {
      const path = concrete(route.path);
      const body = UNSAFE.has(route.method) ? {} : undefined;
      const needs = scopeFor(route.access as Permission);
      const keyless = await t.request(route.method, path, { body, cookie: admin });
      if (keyless.status !== 401) failures.push(`a session, no key, ${route.method} ${route.path}: ${keyless.status}`);
      for (const scope of SCOPES) {
        const status = (await t.request(route.method, path, { body, headers: { authorization: `Bearer ${secrets.get(scope)}` } })).status;
        const expected = scope === needs ? 'allowed' : 403;
        if (expected === 'allowed' ? status === 401 || status === 403 : status !== expected) failures.push(`${scope} ${route.method} ${route.path}: ${status}, expected ${expected}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never lets a key through a route that takes a session', async () => {
    const created = await t.request('POST', '/api/api-keys', { cookie: cookies.get('admin'), body: { name: 'every scope', scopes: [...SCOPES] } });
    const { secret } = (await created.json()) as { secret: string };
    const failures: string[] = [];
    for (const route of sessionRoutes(t).filter((candidate) => candidate.access !== 'public')) {
      const status = (await t.request(route.method, concrete(route.path), { body: UNSAFE.has(route.method) ? {} : undefined, headers: { authorization: `Bearer ${secret}` } })).status;
      if (status !== 401) failures.push(`${route.method} ${route.path}: ${status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('role × route matrix', () => {
  it('answers 401 signed out, 403 without the permission, and lets the others through', async () => {
    const failures: string[] = [];
    // Signing out ends the sessions the matrix uses: it goes last.
    const signOutLast = sessionRoutes(t).sort((a, b) => Number(isSignOut(a)) - Number(isSignOut(b)));
    for (const route of signOutLast) {
      const access = route.access ?? 'public';
      const path = concrete(route.path);
      const body = UNSAFE.has(route.method) ? {} : undefined;
      const signedOut = await t.request(route.method, path, { body });
      if (access !== 'public' && signedOut.status !== 401) failures.push(`signed out ${route.method} ${route.path}: ${signedOut.status}`);
      for (const role of ROLES) {
        const status = (await t.request(route.method, path, { body, cookie: cookies.get(role) })).status;
        const expected = expectedFor(role, access);
        if (expected === 'allowed' ? status === 401 || status === 403 : status !== expected) failures.push(`${role} ${route.method} ${route.path}: ${status}, expected ${expected}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every unsafe request without the X-Plat-Console header or from another site, before its handler', async () => {
    const admin = cookies.get('admin');
    const failures: string[] = [];
    // Token-authenticated routes (the app backend's ingest) never take a cookie, so a page cannot forge them.
    for (const route of sessionRoutes(t).filter((candidate) => UNSAFE.has(candidate.method))) {
      const path = concrete(route.path);
      const variants: Array<[string, Record<string, string>]> = [
        ['no header', { 'x-plat-console': '' }],
        ['cross-site', { 'sec-fetch-site': 'cross-site' }],
        ['foreign Origin', { 'sec-fetch-site': '', origin: 'https://evil.example', host: 'console.example' }],
        ['no Origin', { 'sec-fetch-site': '' }],
      ];
      for (const [name, headers] of variants) {
        const response = await t.request(route.method, path, { body: {}, cookie: admin, headers });
        const code = response.status === 403 ? ((await response.json()) as { error: { code: string } }).error.code : '';
        if (code !== 'cross_site_request') failures.push(`${name} ${route.method} ${route.path}: ${response.status} ${code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('accepts a same-origin Origin without Sec-Fetch-Site', async () => {
    const response = await t.request('DELETE', '/api/session', {
      cookie: await t.signInAs('support'),
      headers: { 'sec-fetch-site': '', origin: 'https://console.example', host: 'console.example' },
    });
    expect(response.status).toBe(204);
  });

  it('answers "am I signed in?" with 401 but writes no refusal row for it', async () => {
    const before = await t.store.sql.rows<{ n: number }>("SELECT count(*)::int AS n FROM audit_events WHERE target = 'GET /api/session'");
    const response = await t.request('GET', '/api/session');
    expect(response.status).toBe(401);
    const after = await t.store.sql.rows<{ n: number }>("SELECT count(*)::int AS n FROM audit_events WHERE target = 'GET /api/session'");
    expect(after).toEqual(before);
  });

  it('audits refusals with who, what and why', async () => {
    await t.request('GET', '/api/staff', { cookie: cookies.get('support') });
    await t.request('GET', '/api/staff');
    const rows = await t.store.sql.rows<{ action: string; actor_email: string | null; target: string; outcome: string }>(
      "SELECT action, actor_email, target, outcome FROM audit_events WHERE action = 'access.denied' AND target = 'GET /api/staff' ORDER BY id",
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { action: 'access.denied', actor_email: 'support@sandbox.local', target: 'GET /api/staff', outcome: 'denied' },
        { action: 'access.denied', actor_email: null, target: 'GET /api/staff', outcome: 'denied' },
      ]),
    );
  });
});
