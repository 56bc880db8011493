import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

describe('Settings', () => {
  it('are for admins only: others see "Not allowed" and no request is made', async () => {
    const api = stubApi({ signedInAs: 'ops' });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Not allowed' });
    expect(api.requests.some((request) => request.url.pathname.startsWith('/api/settings/'))).toBe(false);
  });
});

/** A fake settings endpoint that keeps what is PUT, or refuses it with `refusal`. */
function settingsServer(path: string, key: 'settings' | 'limits', initial: Record<string, string | null>, refusal?: Response) {
  let saved = initial;
  return stubApi({
    routes: {
      [`GET ${path}`]: () => json({ [key]: saved }),
      [`PUT ${path}`]: ({ body }) => {
        if (refusal) return refusal;
        saved = body as Record<string, string | null>;
        return json({ [key]: saved });
      },
    },
  });
}

const puts = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'PUT');

describe('Wallet settings', () => {
  it('show the low-balance threshold and save a new one, an empty field as none', async () => {
    const api = settingsServer('/api/settings/wallet', 'settings', { lowBalance: '100.0000000' });
    const user = userEvent.setup();
    renderApp('/settings');
    const section = within(await screen.findByRole('region', { name: 'Wallet' }));
    const field = await section.findByRole('textbox', { name: 'Low-balance threshold' });
    expect(field).toHaveProperty('value', '100.0000000');

    await user.clear(field);
    await user.type(field, ' 250.5 ');
    await user.click(section.getByRole('button', { name: 'Save the threshold' }));
    await section.findByText('Saved.');
    expect(section.getByRole('textbox', { name: 'Low-balance threshold' })).toHaveProperty('value', '250.5');

    await user.clear(section.getByRole('textbox', { name: 'Low-balance threshold' }));
    await user.click(section.getByRole('button', { name: 'Save the threshold' }));
    await expect.poll(() => puts(api.requests).length).toBe(2);
    expect(puts(api.requests).map((request) => request.body)).toEqual([{ lowBalance: '250.5' }, { lowBalance: null }]);
    expect(puts(api.requests)[0]?.headers.get('X-Plat-Console')).toBe('1');
  });

  it('show the server refusing a threshold', async () => {
    settingsServer('/api/settings/wallet', 'settings', { lowBalance: null }, apiError(400, 'invalid_input', 'lowBalance: at most 7 decimal places.'));
    const user = userEvent.setup();
    renderApp('/settings');
    const section = within(await screen.findByRole('region', { name: 'Wallet' }));
    await user.type(await section.findByRole('textbox', { name: 'Low-balance threshold' }), '1.123456789');
    await user.click(section.getByRole('button', { name: 'Save the threshold' }));

    const refusal = await section.findByRole('alert');
    expect(refusal.textContent).toContain('lowBalance: at most 7 decimal places.');
    expect(refusal.textContent).toContain('code invalid_input');
    expect(section.queryByText('Saved.')).toBeNull();
  });
});

describe('Reward limits', () => {
  it('save every limit, empty ones as none', async () => {
    const api = settingsServer('/api/settings/reward-limits', 'limits', { perRewardCap: '50', dailyTotalPerStaff: null, approvalThreshold: '10' });
    const user = userEvent.setup();
    renderApp('/settings');
    const section = within(await screen.findByRole('region', { name: 'Reward limits' }));
    const cap = await section.findByRole('textbox', { name: 'Cap per reward' });
    expect(cap).toHaveProperty('value', '50');
    await user.type(section.getByRole('textbox', { name: 'Daily total per staff member' }), '500');
    await user.clear(section.getByRole('textbox', { name: /^Approval threshold/ }));
    await user.click(section.getByRole('button', { name: 'Save the limits' }));

    await section.findByText('Saved.');
    expect(puts(api.requests).map((request) => request.body)).toEqual([{ perRewardCap: '50', dailyTotalPerStaff: '500', approvalThreshold: null }]);
  });
});
