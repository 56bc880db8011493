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

describe('Second-factor policy', () => {
  const policy = { requiredRoles: ['manager', 'ops', 'admin'], graceDays: 7, sandboxExempt: true, stepUpMinutes: 5, requiredSince: '2025-01-01T00:00:00.000Z' };

  function policyServer(answerPut: (body: unknown) => Response = (body) => json({ ...(body as object), requiredSince: policy.requiredSince })) {
    return stubApi({ routes: { 'GET /api/settings/second-factor': () => json(policy), 'PUT /api/settings/second-factor': ({ body }) => answerPut(body) } });
  }

  const section = async () => within(await screen.findByRole('region', { name: 'Second factors' }));

  it('shows the policy in force and saves a change', async () => {
    const api = policyServer();
    const user = userEvent.setup();
    renderApp('/settings');
    const form = await section();

    expect(await form.findByRole('checkbox', { name: 'Support' })).toHaveProperty('checked', false);
    expect(form.getByRole('checkbox', { name: 'Admin' })).toHaveProperty('checked', true);
    expect(form.getByLabelText('Days to set one up')).toHaveProperty('value', '7');
    expect(form.getByLabelText('Minutes a check lasts before money moves')).toHaveProperty('value', '5');
    expect(form.getByRole('checkbox', { name: 'Let the sandbox’s demo accounts sign in without a second factor' })).toHaveProperty('checked', true);

    await user.click(form.getByRole('checkbox', { name: 'Support' }));
    await user.click(form.getByRole('checkbox', { name: 'Let the sandbox’s demo accounts sign in without a second factor' }));
    await user.clear(form.getByLabelText('Days to set one up'));
    await user.type(form.getByLabelText('Days to set one up'), '14');
    await user.click(form.getByRole('button', { name: 'Save the policy' }));

    await screen.findByText('Second-factor policy saved.');
    expect(puts(api.requests)[0]?.body).toEqual({ requiredRoles: ['support', 'manager', 'ops', 'admin'], graceDays: 14, sandboxExempt: false, stepUpMinutes: 5 });
  });

  it('names the field the server refused by its label, at the field', async () => {
    policyServer(() => json({ error: { code: 'invalid_input', message: 'stepUpMinutes: Too big: expected number to be <=60', requestId: 'req-1', field: 'stepUpMinutes' } }, 400));
    const user = userEvent.setup();
    renderApp('/settings');
    const form = await section();

    const minutes = await form.findByLabelText('Minutes a check lasts before money moves');
    await user.clear(minutes);
    await user.type(minutes, '600');
    await user.click(form.getByRole('button', { name: 'Save the policy' }));

    await form.findByText('Minutes a check lasts before money moves: Too big: expected number to be <=60');
    expect(minutes.getAttribute('aria-invalid')).toBe('true');
    expect(form.queryByText(/stepUpMinutes/)).toBeNull();
  });

  it('asks for whole numbers before sending anything', async () => {
    const api = policyServer();
    const user = userEvent.setup();
    renderApp('/settings');
    const form = await section();

    const days = await form.findByLabelText('Days to set one up');
    await user.clear(days);
    await user.type(days, 'a week');
    await user.click(form.getByRole('button', { name: 'Save the policy' }));

    form.getByText('Days to set one up: enter a whole number, like 7.');
    expect(puts(api.requests)).toHaveLength(0);
  });
});
