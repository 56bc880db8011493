import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapStaff } from '../../../bff/src/app/bootstrap-staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp | undefined;
afterEach(() => t?.close());

const live = { mode: 'live' as const, adminEmail: null, adminPassword: null, sandboxPassword: null };

describe('the first admin', () => {
  it('in live mode with no staff, is set up through a one-time link that asks for email and name', async () => {
    t = await createTestApp('pglite', { mode: 'live', demoStaff: false });
    const report = await bootstrapStaff(t.services, live);
    expect(report.sandbox).toBeNull();
    const token = new URL(report.firstAdminSetupPath ?? '', 'http://x').searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);

    const withoutIdentity = await t.request('POST', '/api/setup', { body: { token, password: 'first admin password' } });
    expect(withoutIdentity.status).toBe(400);
    const setup = await t.request('POST', '/api/setup', { body: { token, password: 'first admin password', email: 'Root@Example.com', name: 'Root' } });
    expect(setup.status).toBe(200);
    expect(await setup.json()).toEqual({ email: 'root@example.com' });
    const cookie = await t.signIn('root@example.com', 'first admin password');
    expect(((await (await t.request('GET', '/api/session', { cookie })).json()) as { staff: { role: string } }).staff.role).toBe('admin');

    expect((await t.request('POST', '/api/setup', { body: { token, password: 'another password!', email: 'x@example.com', name: 'X' } })).status).toBe(410);
    expect((await bootstrapStaff(t.services, live)).firstAdminSetupPath).toBeNull();
  });

  it('comes from PLAT_ADMIN_EMAIL and PLAT_ADMIN_PASSWORD when set, once', async () => {
    t = await createTestApp('pglite', { mode: 'live', demoStaff: false });
    const options = { ...live, adminEmail: 'boss@example.com', adminPassword: 'the boss password' };
    expect((await bootstrapStaff(t.services, options)).adminCreated).toBe('boss@example.com');
    expect((await bootstrapStaff(t.services, options)).adminCreated).toBeNull();
    await t.signIn('boss@example.com', 'the boss password');
  });

  it('in sandbox mode, one demo account per role with the given password', async () => {
    t = await createTestApp('pglite', { demoStaff: false });
    const report = await bootstrapStaff(t.services, { ...live, mode: 'sandbox', sandboxPassword: 'chosen sandbox pw' });
    expect(report.sandbox).toEqual({ emails: ['support@sandbox.local', 'manager@sandbox.local', 'ops@sandbox.local', 'admin@sandbox.local'], password: 'chosen sandbox pw', generated: false });
    for (const email of report.sandbox?.emails ?? []) await t.signIn(email, 'chosen sandbox pw');
    const generated = await bootstrapStaff(t.services, { ...live, mode: 'sandbox' });
    expect(generated.sandbox?.generated).toBe(true);
    await t.signIn('ops@sandbox.local', generated.sandbox?.password);
  });
});
