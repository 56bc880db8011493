import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { reward, REWARD_ID, rewardDetail } from './support/rewards.ts';

afterEach(resetDom);

const failed = reward({ state: 'failed', paymentId: null, txid: null, transactionLink: null, canRetry: true, error: { code: 'too_many_payments', message: 'The platform refuses more payments for now.' } });

describe('Toasts', () => {
  it('confirm an action in a polite live region, leave the focus where it was, and can be dismissed', async () => {
    let retried = false;
    stubApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail(retried ? reward() : failed)),
        [`POST /api/rewards/${REWARD_ID}/retry`]: () => {
          retried = true;
          return json({ reward: reward() });
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`/rewards/${REWARD_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Retry reward' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Retry this reward?' })).getByRole('button', { name: 'Retry reward' }));

    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => region.textContent).toContain('Retrying the reward: its state below is the latest.');
    expect(region.contains(document.activeElement)).toBe(false);

    await user.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(region.textContent).toBe('');
  });
});
