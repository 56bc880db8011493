import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, json, stubApi } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

async function choosePassword(password: string, repeated = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Repeat the new password'), repeated);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('Setup link', () => {
  it('lets a new staff member choose a password with the token from the link', async () => {
    const api = stubApi({ signedInAs: null, routes: { 'POST /api/setup': () => json({ email: 'cleo@example.com' }) } });
    renderApp('/setup?token=one-time-token');

    await screen.findByRole('heading', { name: 'Choose your password' });
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
    await choosePassword('a long enough passphrase');

    await screen.findByText('Your password is set for cleo@example.com. The setup link no longer works.');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    const setup = api.requests.find((request) => request.url.pathname === '/api/setup');
    expect(setup?.body).toEqual({ token: 'one-time-token', password: 'a long enough passphrase' });
    expect(setup?.headers.get('X-Plat-Console')).toBe('1');
  });

  it('says when the two passwords differ, without asking the server', async () => {
    const api = stubApi({ signedInAs: null });
    renderApp('/setup?token=one-time-token');

    await choosePassword('a long enough passphrase', 'a long enough passphrasf');

    await screen.findByText('The two passwords differ.');
    expect(api.requests.some((request) => request.url.pathname === '/api/setup')).toBe(false);
  });

  it('explains a used or expired link', async () => {
    stubApi({
      signedInAs: null,
      routes: { 'POST /api/setup': () => apiError(410, 'link_expired_or_used', 'This setup link has expired or was already used; ask an admin for a new one.') },
    });
    renderApp('/setup?token=old-token');

    await choosePassword('a long enough passphrase');

    expect((await screen.findByRole('alert')).textContent).toContain('ask an admin for a new one');
  });

  it('shows the Sandbox banner and the upstream status to signed-out visitors too', async () => {
    stubApi({ signedInAs: null, mode: 'sandbox' });
    renderApp('/');

    await screen.findByRole('heading', { name: 'Sign in' });
    await screen.findByRole('region', { name: 'Sandbox mode' });
    await screen.findByText('Upstream: ok (12 ms)');
  });
});
