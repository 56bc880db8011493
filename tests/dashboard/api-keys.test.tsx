import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AwaitingApproval } from '../../dashboard/src/display/approval/awaiting-approval.ts';
import type { ApiKey } from '../../dashboard/src/features/api-keys/api/get-api-keys.ts';
import { apiError, json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { reward, REWARD_ID, rewardDetail } from './support/rewards.ts';

afterEach(resetDom);

const SECRET = 'plat_sk_sandbox_once-only-secret-0000000000000000000000000';
const ROLLED_SECRET = 'plat_sk_sandbox_rolled-secret-11111111111111111111111111111';
const ADMIN = { id: 'staff-admin', email: 'admin@sandbox.local', name: 'Admin Demo' };

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '0b6f3b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    name: 'Game backend',
    hint: 'plat_sk_sandbox_…a1b2',
    scopes: ['rewards:write', 'rewards:read'],
    allowedIps: null,
    limits: {},
    expiresAt: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    createdBy: ADMIN,
    rolledAt: null,
    previousValidUntil: null,
    revokedAt: null,
    lastUsedAt: null,
    lastUsedIp: null,
    status: 'active',
    ...overrides,
  };
}

const gameBackend = apiKey();
const ingestor = apiKey({ id: '1c7a4c9f-2d3e-4f60-9bac-1d2e3f4a5b6c', name: 'Old backend', hint: 'plat_ingest_…', scopes: ['ingest'], createdBy: null, lastUsedAt: '2026-05-03T10:00:00.000Z', lastUsedIp: '203.0.113.9' });
const revoked = apiKey({ id: '2d8b5dab-3e4f-4071-8cbd-2e3f4a5b6c7d', name: 'Leaked key', status: 'revoked', revokedAt: '2026-05-04T10:00:00.000Z' });
const expired = apiKey({ id: '3e9c6ebc-4f50-4182-9dce-3f4a5b6c7d8e', name: 'Trial key', status: 'expired', expiresAt: '2026-05-05T00:00:00.000Z' });

const CREATED_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const ROLL_UNTIL = '2030-01-02T10:00:00.000Z';

/** A fake key list that creating, rolling and revoking really change, as the server would. */
function keyServer(initial: ApiKey[], { refuseCreate }: { refuseCreate?: Response } = {}) {
  const keys = [...initial];
  const replace = (id: string, change: Partial<ApiKey>) => {
    const index = keys.findIndex((key) => key.id === id);
    keys[index] = { ...(keys[index] as ApiKey), ...change };
    return keys[index] as ApiKey;
  };
  return stubApi({
    routes: {
      'GET /api/api-keys': () => json({ apiKeys: keys }),
      'POST /api/api-keys': ({ body }) => {
        if (refuseCreate) return refuseCreate;
        const { name, scopes, expiresAt, allowedIps, limits } = body as Pick<ApiKey, 'name' | 'scopes'> & { expiresAt?: string; allowedIps?: string[]; limits?: ApiKey['limits'] };
        const created = apiKey({ id: CREATED_ID, name, scopes, expiresAt: expiresAt ?? null, allowedIps: allowedIps ?? null, limits: limits ?? {}, hint: `plat_sk_sandbox_…${SECRET.slice(-4)}`, createdAt: '2026-05-06T10:00:00.000Z' });
        keys.unshift(created);
        return json({ secret: SECRET, apiKey: created }, 201);
      },
      ...Object.fromEntries(
        initial.flatMap((key) => [
          [`POST /api/api-keys/${key.id}/roll`, () => json({ secret: ROLLED_SECRET, apiKey: replace(key.id, { hint: 'plat_sk_sandbox_…1111', rolledAt: '2026-05-06T10:00:00.000Z', previousValidUntil: ROLL_UNTIL }) })],
          [`POST /api/api-keys/${key.id}/revoke`, () => json({ apiKey: replace(key.id, { status: 'revoked', revokedAt: '2026-05-06T10:00:00.000Z', previousValidUntil: null }) })],
        ]),
      ),
    },
  });
}

const posts = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'POST');

async function openPage() {
  const user = userEvent.setup();
  renderApp('/api-keys');
  await screen.findByRole('heading', { level: 1, name: 'API keys' });
  return { user, table: within(await screen.findByRole('table', { name: 'API keys' })) };
}

type User = ReturnType<typeof userEvent.setup>;

/** The items of a key's row menu, opened. */
async function menuOf(user: User, row: HTMLElement, name: string): Promise<string[]> {
  await user.click(within(row).getByRole('button', { name: `Actions for ${name}` }));
  return within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent ?? '');
}

async function choose(user: User, menuButton: HTMLElement, item: string): Promise<void> {
  await user.click(menuButton);
  await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: item }));
}

function rowOf(table: ReturnType<typeof within>, name: string): HTMLElement {
  const row = table.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('API keys', () => {
  it('are listed with their hint, scopes, creator, last use, expiry and status, and only live keys offer Roll and Revoke', async () => {
    keyServer([gameBackend, ingestor, revoked, expired]);
    const { user, table } = await openPage();
    await table.findByText('Game backend');

    const game = rowOf(table, 'Game backend');
    expect(game.textContent).toContain('plat_sk_sandbox_…a1b2');
    expect(game.textContent).toContain('rewards:write');
    expect(game.textContent).toContain('by Admin Demo');
    expect(game.textContent).toContain('never');
    expect(game.textContent).toContain('Active');
    expect(await menuOf(user, game, 'Game backend')).toEqual(['Roll key…', 'Revoke key…']);
    await user.keyboard('{Escape}');

    const old = rowOf(table, 'Old backend');
    expect(old.textContent).toContain('plat_ingest_…');
    expect(old.textContent).toContain('from 203.0.113.9');
    expect(old.textContent).toContain('by someone no longer on staff');
    expect(within(old).getByText('ingest').getAttribute('title')).toMatch(/^Send the ids of payments the app sees/);

    const leaked = rowOf(table, 'Leaked key');
    expect(leaked.textContent).toContain('Revoked');
    expect(within(leaked).queryAllByRole('button')).toEqual([]);

    const trial = rowOf(table, 'Trial key');
    expect(trial.textContent).toContain('Expired');
    expect(await menuOf(user, trial, 'Trial key')).toEqual(['Revoke key…']);
  });

  it('are created with scopes, an expiry, an allow-list and limits, checked in words first; the secret is shown once with a copy button and how to use it', async () => {
    const api = keyServer([]);
    const { user } = await openPage();
    await screen.findByText('No API keys yet.');

    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = screen.getByRole('dialog', { name: 'Create an API key' });
    const scope = (name: string) => within(form).getByRole('checkbox', { name });
    expect(scope('rewards:write').getAttribute('aria-describedby')).toBeTruthy();
    expect(within(form).getByText(/^Pay rewards to users, within this key’s limits/)).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Create API key' }));
    within(form).getByText('Name the key after who uses it.');
    within(form).getByText('Choose at least one thing the key may do.');

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Game backend (production)');
    await user.click(scope('rewards:write'));
    await user.click(scope('ingest'));
    await user.type(within(form).getByLabelText('Expires on (optional)'), '2020-01-31');
    await user.type(within(form).getByRole('textbox', { name: 'IP allow-list (optional)' }), '203.0.113.0/24{enter}10.0.0.0/33{enter}{enter}localhost');
    await user.type(within(form).getByRole('textbox', { name: 'Largest reward' }), '1.12345678');
    await user.click(within(form).getByRole('button', { name: 'Create API key' }));
    within(form).getByText('Choose a day after today: the key would stop working at once.');
    within(form).getByText('“10.0.0.0/33”, “localhost” are not IP addresses or CIDRs. Write one a line, such as 203.0.113.7 or 203.0.113.0/24.');
    within(form).getByText(/^Enter an amount greater than 0 with at most 7 decimal places/);
    expect(posts(api.requests)).toEqual([]);

    const expiry = within(form).getByLabelText('Expires on (optional)');
    await user.clear(expiry);
    await user.type(expiry, '2099-01-31');
    const allowList = within(form).getByRole('textbox', { name: 'IP allow-list (optional)' });
    await user.clear(allowList);
    await user.type(allowList, ' 203.0.113.0/24 {enter}2001:db8::/32{enter}203.0.113.0/24');
    const cap = within(form).getByRole('textbox', { name: 'Largest reward' });
    await user.clear(cap);
    await user.type(cap, '25');
    await user.type(within(form).getByRole('textbox', { name: 'Daily total' }), '500.5');
    await user.click(within(form).getByRole('button', { name: 'Create API key' }));

    const result = await screen.findByRole('dialog', { name: 'API key “Game backend (production)” is created' });
    expect(within(result).getByRole('textbox', { name: 'API key' })).toHaveProperty('value', SECRET);
    within(result).getByRole('button', { name: 'Copy the API key' });
    expect(result.textContent).toContain('shown only this once');
    expect(within(result).getByLabelText("How the app's backend sends the key").textContent).toBe('Authorization: Bearer <key>');
    expect(within(result).getByLabelText("How the app's backend sends payment ids").textContent).toContain(`POST ${window.location.origin}/api/ingest/payments`);
    const reference = within(result).getByRole('link', { name: 'API reference' });
    expect(reference.getAttribute('href')).toBe('/reference');
    expect(reference.getAttribute('target')).toBe('_blank');
    const [post] = posts(api.requests);
    expect(post?.body).toEqual({
      name: 'Game backend (production)',
      scopes: ['rewards:write', 'ingest'],
      expiresAt: new Date('2099-01-31T00:00').toISOString(),
      allowedIps: ['203.0.113.0/24', '2001:db8::/32'],
      limits: { perRewardCap: '25', dailyTotal: '500.5' },
    });
    expect(post?.headers.get('X-Plat-Console')).toBe('1');

    // The secret is not lost to a stray Escape.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBe(result);
    await user.click(within(result).getByRole('button', { name: 'Done' }));
    await screen.findByText('Game backend (production)');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('show the server refusing a key, and send only the name and scopes when nothing narrows it', async () => {
    const api = keyServer([], { refuseCreate: apiError(400, 'invalid_input', 'allowedIps.0: must be an IP address or a CIDR such as 203.0.113.0/24') });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = screen.getByRole('dialog', { name: 'Create an API key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Reader');
    await user.click(within(form).getByRole('checkbox', { name: 'payments:read' }));
    await user.click(within(form).getByRole('button', { name: 'Create API key' }));

    const refusal = await within(form).findByRole('alert');
    expect(refusal.textContent).toContain('allowedIps.0: must be an IP address or a CIDR');
    expect(refusal.textContent).toContain('code invalid_input');
    expect(posts(api.requests).map((request) => request.body)).toEqual([{ name: 'Reader', scopes: ['payments:read'] }]);
  });

  it('are rolled with the overlap chosen, after saying what it does, and the new secret is shown once', async () => {
    const api = keyServer([gameBackend]);
    const { user, table } = await openPage();
    await choose(user, await table.findByRole('button', { name: 'Actions for Game backend' }), 'Roll key…');

    const dialog = screen.getByRole('dialog', { name: 'Roll the API key “Game backend”?' });
    expect(dialog.textContent).toContain('The old secret keeps working for the hours you choose');
    const hours = within(dialog).getByRole('textbox', { name: 'Old secret keeps working for (hours)' });
    expect(hours).toHaveProperty('value', '24');
    within(dialog).getByText('0 stops the old secret now: do that when it may have leaked.');
    await user.clear(hours);
    await user.type(hours, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Roll key' }));
    within(dialog).getByText('Enter a whole number of hours from 0 to 720, such as 24.');
    expect(posts(api.requests)).toEqual([]);

    await user.clear(hours);
    await user.type(hours, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Roll key' }));
    const result = await screen.findByRole('dialog', { name: 'API key “Game backend” has a new secret' });
    expect(result.textContent).toContain('The old secret works until');
    expect(within(result).getByRole('textbox', { name: 'API key' })).toHaveProperty('value', ROLLED_SECRET);
    expect(result.textContent).toContain('shown only this once');
    expect(posts(api.requests).map((request) => [request.url.pathname, request.body])).toEqual([[`/api/api-keys/${gameBackend.id}/roll`, { overlapHours: 2 }]]);

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBe(result);
    await user.click(within(result).getByRole('button', { name: 'Done' }));
    await expect.poll(() => rowOf(table, 'Game backend').textContent).toContain('Old secret works until');
    expect(rowOf(table, 'Game backend').textContent).toContain('plat_sk_sandbox_…1111');
    expect(document.body.textContent).not.toContain(ROLLED_SECRET);
  });

  it('are revoked after confirmation', async () => {
    const api = keyServer([gameBackend]);
    const { user, table } = await openPage();
    await choose(user, await table.findByRole('button', { name: 'Actions for Game backend' }), 'Revoke key…');

    const dialog = screen.getByRole('dialog', { name: 'Revoke the API key “Game backend”?' });
    expect(dialog.textContent).toContain('the console refuses every request made with this key');
    expect(posts(api.requests)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await expect.poll(() => rowOf(table, 'Game backend').textContent).toContain('Revoked');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(rowOf(table, 'Game backend')).queryAllByRole('button')).toEqual([]);
    const [revoke] = posts(api.requests);
    expect(revoke?.url.pathname).toBe(`/api/api-keys/${gameBackend.id}/revoke`);
    expect(revoke?.headers.get('X-Plat-Console')).toBe('1');
  });

  it('are for admins only: others see "Not allowed" and no request is made', async () => {
    const api = stubApi({ signedInAs: 'manager' });
    renderApp('/api-keys');
    await screen.findByRole('heading', { level: 1, name: 'Not allowed' });
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'API keys' })).toBeNull();
    expect(api.requests.some((request) => request.url.pathname.startsWith('/api/api-keys'))).toBe(false);
  });
});

describe('A reward an API key asked for', () => {
  const byKey = reward({ state: 'awaiting_approval', requestedBy: { id: gameBackend.id, email: null, apiKey: 'Game backend' }, paymentId: null, txid: null, transactionLink: null });

  it('names the key as its requester on its page', async () => {
    stubApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail(byKey)) } });
    const user = userEvent.setup();
    renderApp(`/rewards/${REWARD_ID}`);
    await screen.findByRole('heading', { level: 1, name: / · Reward to / });
    const requested = screen.getAllByRole('term').find((term) => term.textContent === 'Requested by')?.nextElementSibling;
    expect(requested?.textContent).toContain('API key “Game backend”');
    expect(document.body.textContent).toContain('Asked for by API key “Game backend” on');

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('dialog', { name: 'Approve this reward?' }).textContent).toContain('as API key “Game backend” asked');
  });

  it('names the key in the approval queue', async () => {
    const waiting = { kind: 'reward', id: REWARD_ID, requestedBy: byKey.requestedBy, amount: '75', uid: 'user-uid-1', fileName: null, rows: null, requestedAt: '2026-05-15T08:00:00.000Z', rejection: null } as const;
    stubApi({ signedInAs: 'manager', routes: { 'GET /api/rewards/awaiting-approval': () => json({ toApprove: [waiting], mine: [] } satisfies AwaitingApproval) } });
    renderApp('/rewards');
    const queue = within(await screen.findByRole('table', { name: 'For you to approve' }));
    queue.getByText('API key “Game backend”');
  });
});
