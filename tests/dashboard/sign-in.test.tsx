import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { nextAfterSignIn } from '../../dashboard/src/features/auth/sign-in-path.ts';
import { apiError, stubApi, type FakeRoute } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

async function signInWith(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Sign-in', () => {
  it('sends a signed-out visitor to sign in, then back to the page they asked for', async () => {
    const api = stubApi({ signedInAs: null });
    const { router } = renderApp('/audit?actor=ada');

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(currentPath(router)).toBe(`/sign-in?next=${encodeURIComponent('/audit?actor=ada')}`);
    expect(screen.queryByText(/session ended/i)).toBeNull();

    api.acceptSignIn('support');
    await signInWith('support@sandbox.local', 'correct horse battery');

    await screen.findByRole('heading', { name: 'Audit log' });
    expect(currentPath(router)).toBe('/audit?actor=ada');
    const signIn = api.requests.find((request) => request.method === 'POST' && request.url.pathname === '/api/session');
    expect(signIn?.body).toEqual({ email: 'support@sandbox.local', password: 'correct horse battery' });
  });

  it('is a form password managers understand, with focus in the email field', async () => {
    stubApi({ signedInAs: null });
    renderApp('/sign-in');

    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('autocomplete')).toBe('username');
    expect(email.getAttribute('type')).toBe('email');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(password.getAttribute('type')).toBe('password');
  });

  it('says the credentials are wrong without saying which, and stays on the page', async () => {
    stubApi({ signedInAs: null, routes: { 'POST /api/session': () => apiError(401, 'invalid_credentials', 'Wrong email or password.') } });
    const { router } = renderApp('/sign-in?next=%2Fstaff');

    await signInWith('nobody@sandbox.local', 'not the password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That email and password do not match an account. Check both and try again.');
    expect(currentPath(router)).toBe('/sign-in?next=%2Fstaff');
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
  });

  it('says how long to wait after too many attempts', async () => {
    stubApi({
      signedInAs: null,
      routes: { 'POST /api/session': () => apiError(429, 'too_many_attempts', 'Too many failed sign-ins.', { 'Retry-After': '42' }) },
    });
    renderApp('/sign-in');

    await signInWith('admin@sandbox.local', 'guess number nine');

    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts; try again in 42 s.');
  });

  it('disables the button while the attempt is under way', async () => {
    let answer: (response: Response) => void = () => {};
    const pending: FakeRoute = () => new Promise<Response>((resolve) => (answer = resolve));
    stubApi({ signedInAs: null, routes: { 'POST /api/session': pending } });
    renderApp('/sign-in');

    await signInWith('admin@sandbox.local', 'correct horse battery');

    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    answer(apiError(401, 'invalid_credentials', 'Wrong email or password.'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false));
  });

  it('goes straight on when already signed in', async () => {
    stubApi({ signedInAs: 'ops' });
    const { router } = renderApp('/sign-in?next=%2Fincomplete');

    await screen.findByRole('heading', { name: 'Incomplete payments' });
    expect(currentPath(router)).toBe('/incomplete');
  });
});

describe('The way back after signing in', () => {
  it.each([
    ['/payments?status=open#top', '/payments?status=open#top'],
    [null, '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['/sign-in?next=/staff', '/'],
  ])('follows %s to %s', (next, expected) => {
    expect(nextAfterSignIn(next)).toBe(expected);
  });

  it('in sandbox mode says where the demo accounts and their password are printed', async () => {
    stubApi({ signedInAs: null, mode: 'sandbox' });
    renderApp('/sign-in');

    await screen.findByText(/printed in the terminal that started the console/);
  });

  it('in live mode says nothing of demo accounts', async () => {
    stubApi({ signedInAs: null, mode: 'live' });
    renderApp('/sign-in');

    await screen.findByLabelText('Email');
    expect(screen.queryByText(/demo accounts/)).toBeNull();
  });
});
