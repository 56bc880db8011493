import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMember } from '../../dashboard/src/features/staff/api/get-staff.ts';
import { apiError, json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const admin: StaffMember = {
  id: 'staff-admin',
  email: 'admin@sandbox.local',
  name: 'Admin Demo',
  role: 'admin',
  disabled: false,
  passwordSet: true,
  createdAt: '2025-01-02T03:04:05Z',
  secondFactors: { totp: false, passkeys: 0 },
};

/** A fake staff list that creating and changing staff members really changes, unless `refusal` answers changes. */
function staffServer(initial: StaffMember[], refusal?: () => Response, more: Record<string, FakeRoute> = {}) {
  const staff = [...initial];
  const change = (id: string) => ({ body }: SeenRequest) => {
    if (refusal) return refusal();
    const index = staff.findIndex((member) => member.id === id);
    const member = { ...staff[index]!, ...(body as Partial<StaffMember>) };
    staff[index] = member;
    return json({ staff: member });
  };
  return stubApi({
    routes: {
      'GET /api/staff': () => json({ staff }),
      'POST /api/staff': ({ body }) => {
        const { email, name, role, password } = body as { email: string; name: string; role: StaffMember['role']; password?: string };
        const member: StaffMember = { id: `staff-${staff.length}`, email, name, role, disabled: false, passwordSet: password !== undefined, createdAt: '2025-05-01T10:00:00Z', secondFactors: { totp: false, passkeys: 0 } };
        staff.push(member);
        return json({ staff: member, setupLink: password === undefined ? '/setup?token=one-time-token' : null }, 201);
      },
      ...Object.fromEntries(initial.map(({ id }) => [`PATCH /api/staff/${id}`, change(id)])),
      ...more,
    },
  });
}

async function openCreateDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add staff member' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Add a staff member' }) };
}

describe('Staff page', () => {
  it('lists staff with role, status and whether they have a password', async () => {
    staffServer([admin, { ...admin, id: 'staff-b', name: 'Bea Support', email: 'bea@example.com', role: 'support', disabled: true, passwordSet: false }]);
    renderApp('/staff');

    const row = (await screen.findByRole('cell', { name: 'Bea Support' })).closest('tr');
    if (!row) throw new Error('no row');
    const cells = within(row);
    expect(cells.getByRole('combobox', { name: 'Role of Bea Support' })).toHaveProperty('value', 'support');
    cells.getByText('Disabled');
    cells.getByText('Awaiting setup');
    cells.getByRole('button', { name: 'Re-enable Bea Support' });
  });

  it('adds a staff member without a password and shows their setup link once, with a copy button', async () => {
    const api = staffServer([admin]);
    renderApp('/staff');
    const { user, dialog } = await openCreateDialog();

    await user.type(within(dialog).getByLabelText('Name'), 'Cleo Ops');
    await user.type(within(dialog).getByLabelText('Email'), 'cleo@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'ops');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));

    const result = await screen.findByRole('dialog', { name: 'Cleo Ops is added' });
    const link = within(result).getByLabelText('Setup link');
    expect(link).toHaveProperty('value', `${window.location.origin}/setup?token=one-time-token`);
    within(result).getByRole('button', { name: 'Copy the setup link' });
    expect(result.textContent).toContain('shown only now');
    const create = api.requests.find((request) => request.method === 'POST');
    expect(create?.body).toEqual({ name: 'Cleo Ops', email: 'cleo@example.com', role: 'ops' });

    // A stray Escape does not throw the only copy of the link away.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Cleo Ops is added' })).toBe(result);

    await user.click(within(result).getByRole('button', { name: 'Done' }));
    await screen.findByRole('cell', { name: 'Cleo Ops' });
    expect(document.body.textContent).not.toContain('one-time-token');

    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    screen.getByRole('dialog', { name: 'Add a staff member' });
    expect(document.body.textContent).not.toContain('one-time-token');
  });

  it('adds a staff member with an initial password, and then shows no link', async () => {
    const api = staffServer([admin]);
    renderApp('/staff');
    const { user, dialog } = await openCreateDialog();

    await user.type(within(dialog).getByLabelText('Name'), 'Dan Manager');
    await user.type(within(dialog).getByLabelText('Email'), 'dan@example.com');
    await user.click(within(dialog).getByLabelText('I set an initial password now'));
    await user.type(within(dialog).getByLabelText('Initial password'), 'twelve chars!');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));

    const result = await screen.findByRole('dialog', { name: 'Dan Manager is added' });
    expect(result.textContent).toContain('initial password you chose');
    expect(within(result).queryByLabelText('Setup link')).toBeNull();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Dan Manager',
      email: 'dan@example.com',
      role: 'support',
      password: 'twelve chars!',
    });
  });

  it('asks before disabling, says the member is signed out at once, and shows a last-admin refusal in plain words', async () => {
    const api = staffServer([admin], () => apiError(409, 'last_admin', 'Refused: last admin.'));
    const user = userEvent.setup();
    renderApp('/staff');

    await user.click(await screen.findByRole('button', { name: 'Disable Admin Demo' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Admin Demo?' });
    expect(dialog.textContent).toContain('is signed out at once');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toContain('An admin cannot disable or demote the last admin.');
    expect(refusal.textContent).toContain('last_admin');
    const patch = api.requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ disabled: true });
  });

  it('changes a role after confirmation, and shows a last-admin refusal too', async () => {
    const api = staffServer([admin], () => apiError(409, 'last_admin', 'Refused: last admin.'));
    const user = userEvent.setup();
    renderApp('/staff');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Admin Demo' }), 'support');
    const dialog = screen.getByRole('dialog', { name: 'Make Admin Demo Support?' });
    expect(dialog.textContent).toContain('signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain('An admin cannot disable or demote the last admin.');
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ role: 'support' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('combobox', { name: 'Role of Admin Demo' })).toHaveProperty('value', 'admin');
  });
});

describe('Staff form and self-changes', () => {
  it('says an invalid email is invalid, not missing', async () => {
    staffServer([admin]);
    renderApp('/staff');
    const { user, dialog } = await openCreateDialog();

    await user.type(within(dialog).getByLabelText('Name'), 'Fay');
    await user.type(within(dialog).getByLabelText('Email'), 'fay@example');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));

    expect(dialog.textContent).toContain('“fay@example” is not a valid email address');
  });

  it('clears a server refusal as soon as a field changes', async () => {
    stubApi({ routes: { 'GET /api/staff': () => json({ staff: [admin] }), 'POST /api/staff': () => apiError(409, 'email_taken', 'This email is taken.') } });
    renderApp('/staff');
    const { user, dialog } = await openCreateDialog();

    await user.type(within(dialog).getByLabelText('Name'), 'Gus');
    await user.type(within(dialog).getByLabelText('Email'), 'admin@sandbox.local');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This email is taken.');

    await user.type(within(dialog).getByLabelText('Email'), 'x');
    expect(within(dialog).queryByText(/This email is taken/)).toBeNull();
  });

  it('warns before you disable or demote yourself, and not for others', async () => {
    staffServer([admin, { ...admin, id: 'staff-h', name: 'Hal Admin', email: 'hal@example.com' }]);
    const user = userEvent.setup();
    renderApp('/staff');

    await user.click(await screen.findByRole('button', { name: 'Disable Admin Demo' }));
    expect(screen.getByRole('dialog', { name: 'Disable Admin Demo?' }).textContent).toContain('This is you');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Admin Demo' }), 'ops');
    expect(screen.getByRole('dialog', { name: 'Make Admin Demo Ops?' }).textContent).toContain('This is you: you can no longer manage staff');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Disable Hal Admin' }));
    expect(screen.getByRole('dialog', { name: 'Disable Hal Admin?' }).textContent).not.toContain('This is you');
  });
});

describe('Resetting a staff member’s access', () => {
  const dana: StaffMember = { ...admin, id: 'staff-dana', name: 'Dana Reyes', email: 'dana@example.com', role: 'manager' };
  const erin: StaffMember = { ...admin, id: 'staff-erin', name: 'Erin Disabled', email: 'erin@example.com', role: 'support', disabled: true };

  it('is offered for active others only, says what it does, and shows the new setup link once', async () => {
    const api = staffServer([admin, dana, erin], undefined, {
      'POST /api/staff/staff-dana/reset-access': () => json({ staff: { ...dana, passwordSet: false }, setupLink: '/setup?token=new-one-time-token' }),
    });
    const user = userEvent.setup();
    renderApp('/staff');

    await user.click(await screen.findByRole('button', { name: 'Reset access for Dana Reyes' }));
    expect(screen.queryByRole('button', { name: 'Reset access for Admin Demo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset access for Erin Disabled' })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Reset Dana Reyes’s access?' });
    expect(dialog.textContent).toContain('is signed out everywhere, their password stops working');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(dialog).getByRole('button', { name: 'Reset access' }));
    const done = await screen.findByRole('dialog', { name: 'Dana Reyes’s access is reset' });
    expect((within(done).getByRole('textbox', { name: 'Setup link' }) as HTMLInputElement).value).toBe(`${window.location.origin}/setup?token=new-one-time-token`);
    expect(done.textContent).toContain('It works once, for 24 hours, and is shown only now.');
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual(['/api/staff/staff-dana/reset-access']);
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a refusal in the dialog', async () => {
    staffServer([admin, dana], undefined, {
      'POST /api/staff/staff-dana/reset-access': () => apiError(409, 'staff_disabled', 'Dana Reyes is disabled: re-enable them first, then reset their access.'),
    });
    const user = userEvent.setup();
    renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'Reset access for Dana Reyes' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset Dana Reyes’s access?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset access' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('re-enable them first');
  });
});

describe('Unsafe requests', () => {
  it('carry X-Plat-Console: 1, from every feature', async () => {
    const api = staffServer([admin, { ...admin, id: 'staff-e', name: 'Eve Ops', role: 'ops' }]);
    renderApp('/staff');

    const { user, dialog } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Cleo Ops');
    await user.type(within(dialog).getByLabelText('Email'), 'cleo@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));

    await user.click(await screen.findByRole('button', { name: 'Disable Eve Ops' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    await screen.findByRole('button', { name: 'Re-enable Eve Ops' });
    await user.click(screen.getByRole('button', { name: /Admin Demo/, expanded: false }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await screen.findByText('You are signed out.');

    const unsafe = api.requests.filter((request) => request.method !== 'GET');
    expect(unsafe.map((request) => request.method)).toEqual(['POST', 'PATCH', 'DELETE']);
    for (const request of unsafe) expect(request.headers.get('X-Plat-Console')).toBe('1');
  });
});
