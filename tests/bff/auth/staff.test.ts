import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface StaffBody {
  staff: { id: string; email: string; role: string; disabled: boolean; passwordSet: boolean };
  setupLink: string | null;
}

describe.each(storeKinds)('staff administration on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  async function create(body: Record<string, unknown>): Promise<StaffBody> {
    const response = await t.request('POST', '/api/staff', { cookie: admin, body });
    expect(response.status).toBe(201);
    return (await response.json()) as StaffBody;
  }

  it('lists staff for admins only', async () => {
    const response = await t.request('GET', '/api/staff', { cookie: admin });
    expect(response.status).toBe(200);
    const { staff } = (await response.json()) as { staff: Array<{ email: string }> };
    expect(staff.map((member) => member.email)).toEqual(expect.arrayContaining(['admin@sandbox.local', 'support@sandbox.local']));
  });

  it('creates staff with an initial password who can then sign in', async () => {
    const created = await create({ email: 'Ada@Example.com', name: 'Ada', role: 'ops', password: 'initial password 1' });
    expect(created.staff).toMatchObject({ email: 'ada@example.com', role: 'ops', passwordSet: true, disabled: false });
    expect(created.setupLink).toBeNull();
    await t.signIn('ada@example.com', 'initial password 1');
  });

  it('creates staff without a password: a one-time setup link, valid 24 h', async () => {
    const created = await create({ email: 'bob@example.com', name: 'Bob', role: 'support' });
    expect(created.staff.passwordSet).toBe(false);
    const token = new URL(created.setupLink ?? '', 'http://x').searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect((await t.request('POST', '/api/session', { body: { email: 'bob@example.com', password: 'anything at all' } })).status).toBe(401);

    const setup = await t.request('POST', '/api/setup', { body: { token, password: 'bobs own password' } });
    expect(setup.status).toBe(200);
    expect(await setup.json()).toEqual({ email: 'bob@example.com' });
    await t.signIn('bob@example.com', 'bobs own password');
    expect((await t.request('POST', '/api/setup', { body: { token, password: 'another password!' } })).status).toBe(410);

    const late = await create({ email: 'carol@example.com', name: 'Carol', role: 'support' });
    t.clock.advance(24 * 60 * 60_000 + 1);
    const lateToken = new URL(late.setupLink ?? '', 'http://x').searchParams.get('token') ?? '';
    expect((await t.request('POST', '/api/setup', { body: { token: lateToken, password: 'carols password' } })).status).toBe(410);
    admin = await t.signInAs('admin');
  });

  it('refuses a second member with the same email, and bad input, with clear errors', async () => {
    const again = await t.request('POST', '/api/staff', { cookie: admin, body: { email: 'ada@example.com', name: 'Ada 2', role: 'ops' } });
    expect(again.status).toBe(409);
    const bad = await t.request('POST', '/api/staff', { cookie: admin, body: { email: 'not-an-email', name: '', role: 'boss' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    const badId = await t.request('PATCH', '/api/staff/not-a-uuid', { cookie: admin, body: { role: 'ops' } });
    expect(badId.status).toBe(400);
    const unknown = await t.request('PATCH', '/api/staff/00000000-0000-4000-8000-000000000000', { cookie: admin, body: { role: 'ops' } });
    expect(unknown.status).toBe(404);
  });

  it('ends a member’s sessions when they are disabled or their role changes; re-enabling lets them back', async () => {
    const { staff } = await create({ email: 'dan@example.com', name: 'Dan', role: 'manager', password: 'dans password 12' });
    const dan = await t.signIn('dan@example.com', 'dans password 12');
    // Read once, so that a reused session would show if ending sessions did not drop it.
    expect((await t.request('GET', '/api/session', { cookie: dan })).status).toBe(200);
    const disabled = await t.request('PATCH', `/api/staff/${staff.id}`, { cookie: admin, body: { disabled: true } });
    expect(disabled.status).toBe(200);
    expect((await t.request('GET', '/api/session', { cookie: dan })).status).toBe(401);
    expect((await t.request('POST', '/api/session', { body: { email: 'dan@example.com', password: 'dans password 12' } })).status).toBe(401);

    await t.request('PATCH', `/api/staff/${staff.id}`, { cookie: admin, body: { disabled: false } });
    const again = await t.signIn('dan@example.com', 'dans password 12');
    expect((await t.request('GET', '/api/session', { cookie: again })).status).toBe(200);
    const promoted = await t.request('PATCH', `/api/staff/${staff.id}`, { cookie: admin, body: { role: 'ops' } });
    expect(((await promoted.json()) as StaffBody).staff.role).toBe('ops');
    expect((await t.request('GET', '/api/session', { cookie: again })).status).toBe(401);
  });

  it('never disables or demotes the last admin', async () => {
    const { staff } = (await (await t.request('GET', '/api/session', { cookie: admin })).json()) as { staff: { id: string } };
    const demote = await t.request('PATCH', `/api/staff/${staff.id}`, { cookie: admin, body: { role: 'ops' } });
    expect(demote.status).toBe(409);
    expect(((await demote.json()) as { error: { code: string } }).error.code).toBe('last_admin');
    expect((await t.request('PATCH', `/api/staff/${staff.id}`, { cookie: admin, body: { disabled: true } })).status).toBe(409);

    const second = await create({ email: 'eve@example.com', name: 'Eve', role: 'admin', password: 'eves password 12' });
    const demoted = await t.request('PATCH', `/api/staff/${second.staff.id}`, { cookie: admin, body: { role: 'support' } });
    expect(demoted.status).toBe(200);
  });

  it('audits staff changes in the same transaction as the change', async () => {
    const rows = await t.store.sql.rows<{ action: string; outcome: string }>("SELECT action, outcome FROM audit_events WHERE action LIKE 'staff.%'");
    expect(rows.filter((row) => row.action === 'staff.create' && row.outcome === 'ok').length).toBeGreaterThanOrEqual(5);
    expect(rows.some((row) => row.action === 'staff.update' && row.outcome === 'refused')).toBe(true);
  });
});
