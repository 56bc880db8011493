import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecondFactorStatus } from '../../dashboard/src/lib/session.ts';
import { apiError, json, secondFactorStatus, stubApi, type FakeRoute } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codes = (batch: string) => Array.from({ length: 10 }, (_, index) => `${batch}${index}aa-bbbb`);
const staff = { id: 'staff-manager', email: 'manager@sandbox.local', name: 'Manager Demo', role: 'manager' };
const sessions = [
  { id: 'a0000000-0000-4000-8000-000000000001', current: true, createdAt: '2025-05-01T09:00:00Z', lastSeenAt: '2025-05-01T09:30:00Z', ip: '203.0.113.7', device: 'Firefox on Linux' },
  { id: 'a0000000-0000-4000-8000-000000000002', current: false, createdAt: '2025-04-28T17:00:00Z', lastSeenAt: '2025-04-29T08:00:00Z', ip: '198.51.100.4', device: 'Safari on iPhone' },
];

/** A fake server of one's own account whose second factor really changes with what the page does. */
function accountServer(initial: Partial<SecondFactorStatus> = {}, more: Record<string, FakeRoute> = {}) {
  let status = secondFactorStatus(initial);
  let shownSessions = sessions;
  const enrolled = (totp: boolean, recoveryCodesLeft: number) => {
    status = { ...status, state: totp ? 'verified' : 'none', enrolled: { ...status.enrolled, totp, recoveryCodesLeft } };
  };
  return stubApi({
    signedInAs: 'manager',
    routes: {
      'GET /api/session': () => json({ staff, permissions: ['payments:read'], secondFactor: status }),
      'GET /api/me/sessions': () => json({ sessions: shownSessions }),
      [`POST /api/me/sessions/${sessions[1]!.id}/end`]: () => {
        shownSessions = shownSessions.filter((session) => session.current);
        return new Response(null, { status: 204 });
      },
      'POST /api/me/totp': () => json({ secret: SECRET, uri: `otpauth://totp/Plat%20Console:manager%40sandbox.local?secret=${SECRET}&issuer=Plat%20Console` }),
      'POST /api/me/totp/confirm': ({ body }) => {
        if ((body as { code: string }).code !== '123456') return apiError(422, 'wrong_code', 'That is not the code the app shows for this key; check the app has the key, then enter the code it shows now.');
        enrolled(true, 10);
        return json({ recoveryCodes: codes('first') });
      },
      'POST /api/me/recovery-codes': () => {
        enrolled(true, 10);
        return json({ recoveryCodes: codes('renewed') });
      },
      'DELETE /api/me/totp': () => {
        enrolled(false, 0);
        return new Response(null, { status: 204 });
      },
      ...more,
    },
  });
}

const appSection = async () => within(await screen.findByRole('region', { name: 'Authenticator app' }));

describe('Your account: the authenticator app', () => {
  it('is set up with a QR code or the key in text, confirmed by a code, and shows the recovery codes once', async () => {
    const api = accountServer({ required: true, enrolBy: '2031-03-04T05:06:07Z' });
    const user = userEvent.setup();
    renderApp('/account');
    const section = await appSection();

    section.getByText('Not set up');
    section.getByText(/^Your role must have a second factor: set one up by .*2031/);
    await user.click(section.getByRole('button', { name: 'Set up an authenticator app' }));
    const qr = await section.findByRole('img', { name: 'QR code of the new key, for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    expect(section.getByLabelText('Key')).toHaveProperty('value', 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    section.getByRole('button', { name: 'Copy the key' });

    await user.type(section.getByLabelText('Code from the app'), '000000');
    await user.click(section.getByRole('button', { name: 'Confirm' }));
    expect((await section.findByRole('alert')).textContent).toBe('That is not the code the app shows for this key; check the app has the key, then enter the code it shows now.');

    await user.clear(section.getByLabelText('Code from the app'));
    await user.type(section.getByLabelText('Code from the app'), '123 456');
    await user.click(section.getByRole('button', { name: 'Confirm' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const list = within(dialog).getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes('first'));
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe('plat-console-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(`recovery codes for manager@sandbox.local\n`);
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(codes('first').join('\n'));
    within(dialog).getByRole('button', { name: 'Copy the recovery codes' });

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await section.findByText('10 of 10 recovery codes left.');
    expect(document.body.textContent).not.toContain(codes('first')[0]);
    expect(api.requests.filter((request) => request.url.pathname === '/api/me/totp/confirm').map((request) => request.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('makes new recovery codes after saying the old ones stop working', async () => {
    accountServer({ state: 'verified', enrolled: { totp: true, passkeys: 0, recoveryCodesLeft: 3 } });
    const user = userEvent.setup();
    renderApp('/account');
    const section = await appSection();

    section.getByText('3 of 10 recovery codes left.');
    await user.click(section.getByRole('button', { name: 'New recovery codes' }));
    const ask = screen.getByRole('dialog', { name: 'Make new recovery codes?' });
    expect(ask.textContent).toContain('The ones you have now, used or not, stop working.');
    await user.click(within(ask).getByRole('button', { name: 'Make new codes' }));

    const shown = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(shown.textContent).toContain(codes('renewed')[9]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await section.findByText('10 of 10 recovery codes left.');
  });

  it('is removed after saying what follows for a role that must have one', async () => {
    const api = accountServer({ state: 'verified', required: true, enrolled: { totp: true, passkeys: 0, recoveryCodesLeft: 10 } });
    const user = userEvent.setup();
    renderApp('/account');
    const section = await appSection();

    await user.click(section.getByRole('button', { name: 'Remove' }));
    const ask = screen.getByRole('dialog', { name: 'Remove the authenticator app?' });
    expect(ask.textContent).toContain('Your role must have a second factor, so the console will ask you to set one up again.');
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));

    await section.findByText('Not set up');
    expect(api.requests.some((request) => request.method === 'DELETE' && request.url.pathname === '/api/me/totp')).toBe(true);
  });
});

describe('Your account: where you are signed in', () => {
  const sessionRows = async () => within(await screen.findByRole('table', { name: 'Your sessions' }));

  it('lists each session with its device, address and times, this one marked, and ends another', async () => {
    const api = accountServer();
    const user = userEvent.setup();
    renderApp('/account');
    const table = await sessionRows();

    const mine = (await table.findByText('Firefox on Linux')).closest('tr')!;
    within(mine).getByText('This device');
    within(mine).getByText('203.0.113.7');
    const other = table.getByText('Safari on iPhone').closest('tr')!;
    expect(within(other).queryByText('This device')).toBeNull();

    await user.click(within(other).getByRole('button', { name: 'End the session on Safari on iPhone' }));
    const ask = screen.getByRole('dialog', { name: 'End this session?' });
    expect(ask.textContent).toContain('is signed out at once');
    await user.click(within(ask).getByRole('button', { name: 'End the session' }));

    await expect.poll(() => table.queryByText('Safari on iPhone')).toBeNull();
    expect(api.requests.some((request) => request.url.pathname === `/api/me/sessions/${sessions[1]!.id}/end`)).toBe(true);
  });

  it('signs out here when this browser’s own session is ended', async () => {
    accountServer({}, { [`POST /api/me/sessions/${sessions[0]!.id}/end`]: () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    const { router } = renderApp('/account');
    const table = await sessionRows();

    await user.click(await table.findByRole('button', { name: 'End the session on Firefox on Linux (this device)' }));
    expect(screen.getByRole('dialog', { name: 'End this session?' }).textContent).toContain('you are signed out here at once');
    await user.click(screen.getByRole('button', { name: 'End the session' }));

    await screen.findByText('You are signed out.');
    expect(currentPath(router)).toBe('/sign-in');
  });
});
