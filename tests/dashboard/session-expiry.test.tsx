import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const ada = { id: 'staff-ada', email: 'ada@example.com', name: 'Ada Lovelace', role: 'ops', disabled: false, passwordSet: true, createdAt: '2025-01-02T03:04:05Z', secondFactors: { totp: false, passkeys: 0 } };

describe('When the server ends the session', () => {
  it('a 401 to a query sends the user to sign in with a message, and back afterwards', async () => {
    const api = stubApi({ signedInAs: 'admin' });
    const user = userEvent.setup();
    const { router } = renderApp('/audit');
    // The page's own query must be answered before the session ends, or its 401 wins the race.
    await screen.findByText('Nothing has been recorded yet.');

    api.expireSession();
    await user.type(within(screen.getByRole('search', { name: 'Filter the audit log' })).getByLabelText('Actor'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await screen.findByText('Your session ended; sign in again.');
    expect(currentPath(router)).toBe(`/sign-in?next=${encodeURIComponent('/audit?actor=ada')}`);

    api.acceptSignIn('admin');
    await user.type(screen.getByLabelText('Email'), 'admin@sandbox.local');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Audit log' });
    expect(currentPath(router)).toBe('/audit?actor=ada');
    expect(screen.queryByText(/session ended/i)).toBeNull();
  });

  it('a 401 to an action does the same', async () => {
    const api = stubApi({ signedInAs: 'admin', routes: { 'GET /api/staff': () => json({ staff: [ada] }) } });
    const user = userEvent.setup();
    const { router } = renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable…' }));

    api.expireSession();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));

    await screen.findByText('Your session ended; sign in again.');
    expect(currentPath(router)).toBe('/sign-in?next=%2Fstaff');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('forgets the pages of the staff member whose session ended', async () => {
    const api = stubApi({ signedInAs: 'admin', routes: { 'GET /api/staff': () => json({ staff: [ada] }) } });
    const user = userEvent.setup();
    const { queryClient } = renderApp('/staff');
    await screen.findByRole('cell', { name: 'Ada Lovelace' });

    api.expireSession();
    await queryClient.invalidateQueries({ queryKey: ['staff'] });
    await screen.findByText('Your session ended; sign in again.');

    api.acceptSignIn('support');
    await user.type(screen.getByLabelText('Email'), 'support@sandbox.local');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Not allowed' });

    // Whoever signs in next finds nothing left over from before.
    expect(queryClient.getQueryData(['staff', 'list'])).toBeUndefined();
  });
});

describe('Signing out', () => {
  it('ends the session on the server and shows the sign-in page without a way back', async () => {
    const api = stubApi({ signedInAs: 'manager' });
    const user = userEvent.setup();
    const { router } = renderApp('/rewards');
    await screen.findByRole('heading', { name: 'Rewards' });

    await user.click(screen.getByRole('button', { name: /Manager Demo/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    await screen.findByText('You are signed out.');
    expect(currentPath(router)).toBe('/sign-in');
    const signOut = api.requests.find((request: SeenRequest) => request.method === 'DELETE');
    expect(signOut?.url.pathname).toBe('/api/session');
  });
});
