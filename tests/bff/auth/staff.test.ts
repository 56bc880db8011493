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

  it('resets a locked-out member’s access: old password and sessions end, earlier links die, one new setup link works once; audited', async () => {
    const { staff } = await create({ email: 'erin@example.com', name: 'Erin', role: 'support' });
    const firstLink = (await (await t.request('POST', `/api/staff/${staff.id}/reset-access`, { cookie: admin })).json()) as StaffBody;
    const tokenOf = (link: string | null) => new URL(link ?? '', 'http://x').searchParams.get('token') ?? '';
    await t.request('POST', '/api/setup', { body: { token: tokenOf(firstLink.setupLink), password: 'erins first password' } });
    const erin = await t.signIn('erin@example.com', 'erins first password');
    expect((await t.request('GET', '/api/session', { cookie: erin })).status).toBe(200);

    // Erin forgot her password: the admin resets her access twice (the first link got lost).
    const lost = (await (await t.request('POST', `/api/staff/${staff.id}/reset-access`, { cookie: admin })).json()) as StaffBody;
    const reset = await t.request('POST', `/api/staff/${staff.id}/reset-access`, { cookie: admin });
    expect(reset.status).toBe(200);
    const body = (await reset.json()) as StaffBody;
    expect(body.staff).toMatchObject({ email: 'erin@example.com', passwordSet: false, disabled: false });
    expect((await t.request('GET', '/api/session', { cookie: erin })).status).toBe(401);
    expect((await t.request('POST', '/api/session', { body: { email: 'erin@example.com', password: 'erins first password' } })).status).toBe(401);
    expect((await t.request('POST', '/api/setup', { body: { token: tokenOf(lost.setupLink), password: 'from the lost link' } })).status).toBe(410);
    expect((await t.request('POST', '/api/setup', { body: { token: tokenOf(body.setupLink), password: 'erins new password' } })).status).toBe(200);
    await t.signIn('erin@example.com', 'erins new password');

    const audited = await t.store.sql.rows<{ outcome: string; target: string }>("SELECT outcome, target FROM audit_events WHERE action = 'staff.reset_access' ORDER BY id");
    expect(audited.filter((row) => row.target === `staff:${staff.id}`).map((row) => row.outcome)).toEqual(['ok', 'ok', 'ok']);
  });

  it('refuses to reset one’s own access, a disabled member’s, or a stranger’s, and lets only admins reset', async () => {
    const { staff } = await create({ email: 'finn@example.com', name: 'Finn', role: 'ops', password: 'finns password 12' });
    const session = (await (await t.request('GET', '/api/session', { cookie: admin })).json()) as { staff: { id: string } };
    const own = await t.request('POST', `/api/staff/${session.staff.id}/reset-access`, { cookie: admin });
    expect(own.status).toBe(409);
    expect(((await own.json()) as { error: { code: string } }).error.code).toBe('own_access');
    const ops = await t.signInAs('ops');
    expect((await t.request('POST', `/api/staff/${staff.id}/reset-access`, { cookie: ops })).status).toBe(403);
    await t.request('PATCH', `/api/staff/${staff.id}`, { cookie: admin, body: { disabled: true } });
    const disabled = await t.request('POST', `/api/staff/${staff.id}/reset-access`, { cookie: admin });
    expect(disabled.status).toBe(409);
    expect(((await disabled.json()) as { error: { message: string } }).error.message).toMatch(/re-enable them first/);
    expect((await t.request('POST', '/api/staff/7d0c8f4e-1111-4222-8333-944455556666/reset-access', { cookie: admin })).status).toBe(404);
    expect((await t.request('POST', '/api/staff/not-an-id/reset-access', { cookie: admin })).status).toBe(400);
    expect((await t.request('POST', '/api/session', { body: { email: 'finn@example.com', password: 'finns password 12' } })).status).toBe(401);
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
