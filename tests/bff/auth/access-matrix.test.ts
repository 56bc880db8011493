import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsOf, type Access, type Permission } from '../../../bff/src/auth/permissions.ts';
import { ROLES, type Role } from '../../../bff/src/domain/roles.ts';
import { declaredAccess } from '../../../bff/src/guards/require-access.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface ApiRoute {
  method: string;
  path: string;
  access: Access | undefined;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Paths may never depend on an id existing: a refusal must come before any lookup.
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** Every /api endpoint of the real app, with the access its guard declares. */
function apiRoutes(t: TestApp): ApiRoute[] {
  const endpoints = new Map<string, ApiRoute>();
  for (const route of t.app.routes) {
    if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const entry = endpoints.get(key) ?? { method: route.method, path: route.path, access: undefined };
    entry.access ??= declaredAccess(route.handler);
    endpoints.set(key, entry);
  }
  return [...endpoints.values()];
}

function concrete(path: string): string {
  return path.replace(/:[A-Za-z]+/g, SAMPLE_ID);
}

function isSignOut(route: ApiRoute): boolean {
  return route.method === 'DELETE' && route.path === '/api/session';
}

/** What a staff member's session gets: through, 403, or 401 where only an ingest token will do. */
function expectedFor(role: Role, access: Access): 'allowed' | 401 | 403 {
  if (access === 'public' || access === 'signed-in') return 'allowed';
  if (access === 'ingest-token') return 401;
  return (PERMISSIONS[access] as readonly Role[]).includes(role) ? 'allowed' : 403;
}

/** The roles table of docs/staff-and-access.md, permission by permission: the permission table must say the same. */
const SUPPORT_MAY: Permission[] = ['payments:read', 'rewards:read', 'incomplete:read', 'ads:read', 'ads:check', 'wallet:read', 'reconciliation:read', 'audit:read'];
const DOCUMENTED_ROLES: Record<Role, Permission[]> = {
  support: SUPPORT_MAY,
  // Managers pay and approve; ops pay and clear stuck payments, but never approve.
  manager: [...SUPPORT_MAY, 'rewards:pay', 'rewards:approve'],
  ops: [...SUPPORT_MAY, 'rewards:pay', 'payments:act', 'incomplete:clear', 'reconciliation:act'],
  admin: Object.keys(PERMISSIONS) as Permission[],
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

  it('give the routes the docs name the access they say', () => {
    const declared = Object.fromEntries(apiRoutes(t).map((route) => [`${route.method} ${route.path}`, route.access]));
    expect(Object.fromEntries(Object.keys(DOCUMENTED_ROUTES).map((route) => [route, declared[route]]))).toEqual(DOCUMENTED_ROUTES);
  });
});

describe('role × route matrix', () => {
  it('answers 401 signed out, 403 without the permission, and lets the others through', async () => {
    const failures: string[] = [];
    // Signing out ends the sessions the matrix uses: it goes last.
    const signOutLast = apiRoutes(t).sort((a, b) => Number(isSignOut(a)) - Number(isSignOut(b)));
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
    for (const route of apiRoutes(t).filter((candidate) => UNSAFE.has(candidate.method) && candidate.access !== 'ingest-token')) {
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
