import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, json, secondFactorStatus, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { reward, REWARD_ID, REWARD_UID, rewardDetail } from './support/rewards.ts';

afterEach(resetDom);

const GOOD_CODE = '246810';
const stepUpRequired = () => apiError(401, 'step_up_required', 'Give your second factor again to do this.');
const payRequests = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'POST' && request.url.pathname === '/api/rewards');

/**
 * A server that pays a reward only within a step-up, which a right code to `POST /api/session/step-up`
 * begins. With `addedMeanwhile`, the page first reads a session without the app, set up since elsewhere.
 */
async function payingWithStepUp({ addedMeanwhile = false } = {}) {
  let sessionReads = 0;
  const readSession: FakeRoute = () => {
    sessionReads += 1;
    const enrolled = !addedMeanwhile || sessionReads > 1;
    const secondFactor = secondFactorStatus(enrolled ? { state: 'verified', enrolled: { totp: true, passkeys: 0, recoveryCodesLeft: 10 } } : {});
    return json({ staff: { id: 'staff-manager', email: 'manager@sandbox.local', name: 'Manager Demo', role: 'manager' }, permissions: ['payments:read', 'rewards:read', 'rewards:pay'], secondFactor });
  };
  let steppedUp = false;
  const stepUp: FakeRoute = ({ body }) => {
    if ((body as { code?: string }).code !== GOOD_CODE) return apiError(401, 'invalid_second_factor', 'The code is wrong or has expired; enter the one your app shows now.');
    steppedUp = true;
    return json({ stepUpUntil: '2031-01-01T00:05:00Z' });
  };
  const api = stubApi({
    signedInAs: 'manager',
    routes: {
      'GET /api/session': readSession,
      'POST /api/rewards': () => (steppedUp ? json({ reward: reward() }, 201) : stepUpRequired()),
      'POST /api/session/step-up': stepUp,
      [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail()),
    },
  });
  const user = userEvent.setup();
  const view = renderApp('/rewards');
  const form = within(await screen.findByRole('form', { name: 'Pay a reward' }));
  await user.type(form.getByRole('combobox', { name: 'User uid' }), REWARD_UID);
  await user.type(form.getByRole('textbox', { name: 'Amount' }), '1.25');
  await user.type(form.getByRole('textbox', { name: 'Memo' }), 'Spring contest winner');
  await user.click(form.getByRole('button', { name: 'Review the reward' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Pay this reward?' })).getByRole('button', { name: 'Pay reward' }));
  return { api, user, form, ...view };
}

describe('A second factor asked again before money moves', () => {
  it('is asked in place, over the payment, which then goes ahead as it was asked, with the same key', async () => {
    const { api, user, router } = await payingWithStepUp();

    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const code = within(prompt).getByLabelText('Code from your authenticator app');
    expect(document.activeElement).toBe(code);
    await user.type(code, '000000');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm and go ahead' }));
    expect((await within(prompt).findByRole('alert')).textContent).toBe('The code is wrong or has expired; enter the one your app shows now.');
    screen.getByRole('dialog', { name: 'Pay this reward?' });

    await user.clear(within(prompt).getByLabelText('Code from your authenticator app'));
    await user.type(within(prompt).getByLabelText('Code from your authenticator app'), GOOD_CODE);
    await user.click(within(prompt).getByRole('button', { name: 'Confirm and go ahead' }));

    await screen.findByRole('heading', { level: 1, name: / · Reward to 6f1c2b9e…5a6b7c · / });
    expect(currentPath(router)).toBe(`/rewards/${REWARD_ID}`);
    const [refused, paid] = payRequests(api.requests);
    expect(paid?.body).toEqual(refused?.body);
    expect(paid?.body).toEqual({ uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner', metadata: {} });
    expect(paid?.headers.get('idempotency-key')).toBe(refused?.headers.get('idempotency-key'));
    expect(api.requests.filter((request) => request.url.pathname === '/api/session/step-up').map((request) => request.body)).toEqual([{ code: '000000' }, { code: GOOD_CODE }]);
  });

  it('when declined, leaves the session, the form and the payment dialog as they were, with the refusal in words', async () => {
    const { api, user, form } = await payingWithStepUp();

    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));

    const payment = screen.getByRole('dialog', { name: 'Pay this reward?' });
    expect((await within(payment).findByRole('alert')).textContent).toContain('Give your second factor again to do this.');
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    await user.click(within(payment).getByRole('button', { name: 'Cancel' }));
    expect(form.getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '1.25');
    screen.getByRole('heading', { level: 1, name: 'Rewards' });
    expect(payRequests(api.requests)).toHaveLength(1);
  });

  it('offers the factors the member has now, though the page read the session before the app was set up', async () => {
    const { user } = await payingWithStepUp({ addedMeanwhile: true });

    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const code = await within(prompt).findByLabelText('Code from your authenticator app');
    await user.type(code, GOOD_CODE);
    await user.click(within(prompt).getByRole('button', { name: 'Confirm and go ahead' }));
    await screen.findByRole('heading', { level: 1, name: / · Reward to 6f1c2b9e…5a6b7c · / });
  });

  it('keeps the keyboard inside the prompt while it is open, and Escape declines it', async () => {
    const { user } = await payingWithStepUp();

    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(prompt.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    await within(screen.getByRole('dialog', { name: 'Pay this reward?' })).findByRole('alert');
  });
});
