import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { IngestToken } from '../../dashboard/src/features/settings/api/get-ingest-tokens.ts';
import { apiError, json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const SECRET = 'plat_ingest_once-only-secret';

const backend: IngestToken = { id: '0b6f3b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', name: 'App backend', createdAt: '2026-05-01T10:00:00.000Z', lastUsedAt: null, revoked: false };

/** A fake token list that creating and revoking really change. */
function tokenServer(initial: IngestToken[]) {
  const tokens = [...initial];
  return stubApi({
    routes: {
      'GET /api/ingest-tokens': () => json({ tokens }),
      'POST /api/ingest-tokens': ({ body }) => {
        const { name } = body as { name: string };
        const ingestToken: IngestToken = { id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', name, createdAt: '2026-05-02T10:00:00.000Z', lastUsedAt: null, revoked: false };
        tokens.unshift(ingestToken);
        return json({ token: SECRET, ingestToken }, 201);
      },
      ...Object.fromEntries(
        initial.map((token) => [
          `DELETE /api/ingest-tokens/${token.id}`,
          () => {
            const index = tokens.findIndex((candidate) => candidate.id === token.id);
            tokens[index] = { ...token, revoked: true };
            return json({ ingestToken: tokens[index] });
          },
        ]),
      ),
    },
  });
}

describe('Ingest tokens', () => {
  it('are listed with when they were last used and whether they are revoked', async () => {
    tokenServer([backend, { ...backend, id: 'b', name: 'Old backend', revoked: true, lastUsedAt: '2026-05-03T10:00:00.000Z' }]);
    renderApp('/settings');
    const table = await screen.findByRole('table', { name: 'Ingest tokens' });
    const row = (await within(table).findByRole('cell', { name: 'App backend' })).closest('tr');
    expect(row?.textContent).toContain('never');
    expect(row?.textContent).toContain('Active');
    const old = within(table).getByRole('cell', { name: 'Old backend' }).closest('tr');
    expect(old?.textContent).toContain('Revoked');
    expect(within(table).queryByRole('button', { name: 'Revoke Old backend' })).toBeNull();
  });

  it('are created with a name, and the token is shown once with a copy button and how to use it', async () => {
    const api = tokenServer([]);
    const user = userEvent.setup();
    renderApp('/settings');
    await screen.findByText('No ingest tokens yet.');

    await user.click(screen.getByRole('button', { name: 'Create ingest token' }));
    const form = screen.getByRole('dialog', { name: 'Create an ingest token' });
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    within(form).getByText('Name the token after who uses it.');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'App backend (production)');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const result = await screen.findByRole('dialog', { name: 'Ingest token "App backend (production)" is created' });
    expect(within(result).getByRole('textbox', { name: 'Ingest token' })).toHaveProperty('value', SECRET);
    within(result).getByRole('button', { name: 'Copy the ingest token' });
    expect(result.textContent).toContain('shown only this once');
    const usage = within(result).getByLabelText("How the app's backend calls the console").textContent ?? '';
    expect(usage).toContain(`POST ${window.location.origin}/api/ingest/payments`);
    expect(usage).toContain('Authorization: Bearer <token>');
    expect(usage).toContain('{ "ids": [');
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ name: 'App backend (production)' });
    expect(post?.headers.get('X-Plat-Console')).toBe('1');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBe(result);
    await user.click(within(result).getByRole('button', { name: 'Done' }));
    await screen.findByRole('cell', { name: 'App backend (production)' });
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('are revoked after confirmation', async () => {
    const api = tokenServer([backend]);
    const user = userEvent.setup();
    renderApp('/settings');

    await user.click(await screen.findByRole('button', { name: 'Revoke App backend' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the ingest token "App backend"?' });
    expect(dialog.textContent).toContain('refuses every request made with this token');
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await screen.findByText('Revoked');
    expect(screen.queryByRole('dialog')).toBeNull();
    const revoke = api.requests.find((request) => request.method === 'DELETE');
    expect(revoke?.url.pathname).toBe(`/api/ingest-tokens/${backend.id}`);
    expect(revoke?.headers.get('X-Plat-Console')).toBe('1');
  });

  it('are for admins only: others see "Not allowed" and no request is made', async () => {
    const api = stubApi({ signedInAs: 'ops' });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Not allowed' });
    expect(api.requests.some((request) => request.url.pathname === '/api/ingest-tokens')).toBe(false);
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
