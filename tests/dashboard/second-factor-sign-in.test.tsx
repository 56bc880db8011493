import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, json, secondFactorStatus, stubApi, type FakeRoute } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const CODE_FIELD = 'Code from your authenticator app';
const needsSecondFactor = () => json({ secondFactorRequired: true, methods: ['totp', 'recovery'] });

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'manager@sandbox.local');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** A server whose password step always passes and whose second step takes only `goodCode` (or `goodRecoveryCode`). */
function secondFactorServer({ goodCode = '123456', goodRecoveryCode = 'abcd-efgh-ijkl' } = {}) {
  const secondStep: FakeRoute = ({ body }) => {
    const proof = body as { code?: string; recoveryCode?: string };
    if (proof.code === goodCode || proof.recoveryCode === goodRecoveryCode) {
      api.signIn('manager');
      return null;
    }
    return apiError(401, 'invalid_second_factor', 'The code is wrong or has expired; enter the one your app shows now.');
  };
  const api = stubApi({
    signedInAs: null,
    routes: {
      'POST /api/session': needsSecondFactor,
      'POST /api/session/second-factor': async (request) => (await secondStep(request)) ?? json({ staff: { id: 'staff-manager', email: 'manager@sandbox.local', name: 'Manager Demo', role: 'manager' }, permissions: ['payments:read', 'rewards:read', 'rewards:pay'], secondFactor: secondFactorStatus({ state: 'verified', enrolled: { totp: true, passkeys: 0, recoveryCodesLeft: 9 } }) }),
    },
  });
  return api;
}

describe('Signing in with a second factor', () => {
  it('asks for the code after the password, says when it is wrong, and goes on to the page asked for once it is right', async () => {
    const api = secondFactorServer();
    const user = userEvent.setup();
    const { router } = renderApp('/rewards');
    await signInWithPassword(user);

    const card = await screen.findByRole('region', { name: 'Second factor' });
    const code = within(card).getByLabelText(CODE_FIELD);
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    await user.type(code, '654 321');
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('The code is wrong or has expired; enter the one your app shows now.');
    expect(currentPath(router)).toBe(`/sign-in?next=${encodeURIComponent('/rewards')}`);

    await user.clear(within(card).getByLabelText(CODE_FIELD));
    await user.type(within(card).getByLabelText(CODE_FIELD), '123456');
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Rewards' });
    expect(currentPath(router)).toBe('/rewards');
    const sent = api.requests.filter((request) => request.url.pathname === '/api/session/second-factor').map((request) => request.body);
    expect(sent).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('takes a recovery code instead, and sends it as one', async () => {
    const api = secondFactorServer();
    const user = userEvent.setup();
    renderApp('/');
    await signInWithPassword(user);

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(document.activeElement).toBe(field);
    await user.type(field, 'abcd-efgh-ijkl');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Overview' });
    expect(api.requests.find((request) => request.url.pathname === '/api/session/second-factor')?.body).toEqual({ recoveryCode: 'abcd-efgh-ijkl' });
  });

  it('says how long to wait when there were too many tries', async () => {
    stubApi({
      signedInAs: null,
      routes: {
        'POST /api/session': needsSecondFactor,
        'POST /api/session/second-factor': () => apiError(429, 'too_many_attempts', 'Too many failed sign-ins.', { 'Retry-After': '30' }),
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    await signInWithPassword(user);
    await user.type(await screen.findByLabelText(CODE_FIELD), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts; try again in 30 s.');
  });

  it('lets the person start again as someone else, which ends the half-made session', async () => {
    const api = secondFactorServer();
    const user = userEvent.setup();
    renderApp('/');
    await signInWithPassword(user);

    await user.click(await screen.findByRole('button', { name: 'Start again with another account' }));
    await screen.findByLabelText('Email');
    expect(api.requests.some((request) => request.method === 'DELETE' && request.url.pathname === '/api/session')).toBe(true);
  });

  it('comes back to the second step after a reload while the session waits for it', async () => {
    stubApi({ signedInAs: 'manager', secondFactor: { state: 'pending', enrolled: { totp: true, passkeys: 0, recoveryCodesLeft: 0 } } });
    const { router } = renderApp('/rewards');

    await screen.findByLabelText(CODE_FIELD);
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
    expect(currentPath(router)).toBe(`/sign-in?next=${encodeURIComponent('/rewards')}`);
  });
});

describe('What the policy asks', () => {
  it('tells a member in their grace period by when to set up a second factor, with the way there', async () => {
    stubApi({ signedInAs: 'ops', secondFactor: { required: true, enrolBy: '2031-03-04T05:06:07Z' }, routes: { 'GET /api/me/sessions': () => json({ sessions: [] }) } });
    const user = userEvent.setup();
    const { router } = renderApp('/');

    const banner = await screen.findByRole('region', { name: 'Second factor due' });
    expect(banner.textContent).toMatch(/^Set up a second factor by .*2031.*\. After that, the console lets you do nothing else until you have\./);
    await user.click(within(banner).getByRole('link', { name: 'Set it up now' }));
    await screen.findByRole('heading', { name: 'Your account' });
    expect(currentPath(router)).toBe('/account');
  });

  it('shows a member past their grace period only the set-up, and opens the console once it is done', async () => {
    let enrolled = false;
    const api = stubApi({
      signedInAs: 'support',
      routes: {
        'GET /api/session': () =>
          json({
            staff: { id: 'staff-support', email: 'support@sandbox.local', name: 'Support Demo', role: 'support' },
            permissions: ['payments:read'],
            secondFactor: enrolled
              ? secondFactorStatus({ state: 'verified', required: true, enrolled: { totp: true, passkeys: 0, recoveryCodesLeft: 10 } })
              : secondFactorStatus({ required: true, enrolBy: '2020-01-01T00:00:00Z', mustEnrol: true }),
          }),
        'POST /api/me/totp': () => json({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Plat%20Console:support%40sandbox.local?secret=JBSWY3DPEHPK3PXP&issuer=Plat%20Console' }),
        'POST /api/me/totp/confirm': () => {
          enrolled = true;
          return json({ recoveryCodes: Array.from({ length: 10 }, (_, index) => `code-${index}`) });
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/payments');

    await screen.findByRole('heading', { level: 1, name: 'Set up a second factor' });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(api.requests.some((request) => request.url.pathname === '/api/payments')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    await screen.findByRole('img', { name: 'QR code of the new key, for your authenticator app' });
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(screen.queryByRole('heading', { level: 1, name: 'Payments' })).toBeNull();
    await user.click(within(codes).getByRole('button', { name: 'Done' }));
    await screen.findByRole('heading', { level: 1, name: 'Payments' });
  });
});
