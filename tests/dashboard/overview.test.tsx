import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OVERVIEW_REFRESH_MS } from '../../dashboard/src/features/overview/api/get-overview.ts';
import { walletKeys } from '../../dashboard/src/display/wallet/wallet-keys.ts';
import { apiError, json, overview, stubApi, upstreamUnreachable, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { wallet } from './support/wallet.ts';

afterEach(resetDom);

/** A count card's name, "label: value", however the words around the colon are spaced. */
const countName = (label: string, value: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const overviewRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname === '/api/overview');

const busy = overview({
  incompleteServerPayments: 2,
  stuckUserPayments: 3,
  approvedWithoutTransaction: 4,
  stuckAfterMinutes: 15,
  movingNow: 1234,
  adsCheckedToday: { rewardYes: 5, rewardNo: 6 },
});

function todayAtMidnightUtc(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}

async function overviewPage(answer = busy, options: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ ...options, routes: { 'GET /api/overview': () => json(answer), ...options.routes } });
  const view = renderApp('/');
  const counts = await screen.findByRole('list', { name: 'Counts' });
  return { api, counts: within(counts), ...view };
}

describe('Overview', () => {
  it('shows each count as a link to its filtered table', async () => {
    const { counts } = await overviewPage();
    const href = (name: string) => {
      const [label = '', value = ''] = name.split(/: (?=[^:]*$)/);
      return counts.getByRole('link', { name: countName(label, value) }).getAttribute('href');
    };

    expect(href('Incomplete payments: 2')).toBe('/incomplete');
    expect(href('Stuck user payments: 3')).toBe('/payments?direction=user_to_app&state=awaiting_completion');
    expect(href('Approved without a transaction for 15+ minutes: 4')).toBe('/payments?state=awaiting_transaction&staleMinutes=15');
    expect(href('Payments moving now: 1,234')).toBe(
      `/payments?${new URLSearchParams({ state: 'awaiting_approval,awaiting_transaction,transaction_unverified,awaiting_completion' }).toString()}`,
    );
    const from = todayAtMidnightUtc();
    expect(href('Ads checked today, reward yes: 5')).toBe(`/ads?${new URLSearchParams({ reward: 'yes', from }).toString()}`);
    expect(href('Ads checked today, reward no: 6')).toBe(`/ads?${new URLSearchParams({ reward: 'no', from }).toString()}`);
  });

  it('opens the filtered Payments page from a card, with the filters applied', async () => {
    const { api, counts, router } = await overviewPage();
    await userEvent.setup().click(counts.getByRole('link', { name: countName('Payments moving now', '1,234') }));
    await screen.findByRole('heading', { level: 1, name: 'Payments' });
    expect(new URLSearchParams(router.state.location.search).get('state')).toBe('awaiting_approval,awaiting_transaction,transaction_unverified,awaiting_completion');
    await screen.findByText('No payments in the index match these filters.');
    const list = api.requests.findLast((request) => request.url.pathname === '/api/payments');
    expect(list?.url.searchParams.get('state')).toBe('awaiting_approval,awaiting_transaction,transaction_unverified,awaiting_completion');
  });

  it('opens the ads history of today with one verdict from a card', async () => {
    const { counts, router } = await overviewPage();
    await userEvent.setup().click(counts.getByRole('link', { name: countName('Ads checked today, reward yes', '5') }));
    await screen.findByRole('heading', { level: 1, name: 'Rewarded ads' });
    expect(currentPath(router)).toBe(`/ads?${new URLSearchParams({ reward: 'yes', from: todayAtMidnightUtc() }).toString()}`);
    expect(within(screen.getByRole('search', { name: 'Filter the ad checks' })).getByRole('combobox', { name: 'Reward' })).toHaveProperty('value', 'yes');
  });

  it('says the incomplete count is unknown when the platform could not be asked, and shows the upstream and store status', async () => {
    await overviewPage(overview({ incompleteServerPayments: null, upstream: upstreamUnreachable.body.upstream, store: { ok: true, latencyMs: 3 } }));
    screen.getByText('unknown (platform unreachable)');
    expect(screen.getByRole('link', { name: countName('Incomplete payments', 'unknown (platform unreachable)') }).getAttribute('href')).toBe('/incomplete');

    const health = within(screen.getByRole('list', { name: 'Platform API and store' }));
    const [platform, store] = health.getAllByRole('listitem');
    expect(platform?.textContent).toContain('Platform API');
    expect(platform?.textContent).toContain('unreachable');
    expect(platform?.textContent).toContain('connect ECONNREFUSED');
    expect(store?.textContent).toContain('Store');
    expect(store?.textContent).toContain('ok (3 ms)');
  });

  it('reads the numbers again in the background', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let incomplete = 2;
    const { api } = await overviewPage(busy, { routes: { 'GET /api/overview': () => json({ ...busy, incompleteServerPayments: incomplete }) } });
    await screen.findByRole('link', { name: countName('Incomplete payments', '2') });
    const before = overviewRequests(api.requests).length;

    incomplete = 7;
    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_REFRESH_MS));

    await screen.findByRole('link', { name: countName('Incomplete payments', '7') });
    expect(overviewRequests(api.requests).length).toBe(before + 1);
  });
});

describe('What needs you', () => {
  const waiting = overview({
    incompleteServerPayments: 2,
    stuckUserPayments: 1,
    approvedWithoutTransaction: 0,
    attention: { rewardsNeedingAttention: 3, heldUpBatches: 1, openExceptions: 4 },
  });
  const items = async (role: 'support' | 'manager' | 'ops' | 'admin') => {
    await overviewPage(waiting, { signedInAs: role });
    const list = screen.queryByRole('list', { name: 'Needs attention' });
    return list ? within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]) : [];
  };

  it('lists for each role only what it can act on, each a count and a link, and nothing that is zero', async () => {
    const rewards = ['3 rewards need a person: set aside, or failed for a reason a retry can mend', `/rewards?${new URLSearchParams({ state: 'needs_attention,failed' })}`];
    const batches = ['1 batch is held up: paused, or with rows blocked by an unfinished payment', `/rewards/batches?${new URLSearchParams({ state: 'paused,running' })}`];
    const incomplete = ["Clear 2 incomplete payments: each blocks the app's next payment to its user", '/incomplete'];
    const stuck = ['Complete 1 user payment the user paid and the app never completed', '/payments?direction=user_to_app&state=awaiting_completion'];
    const exceptions = ['Acknowledge or resolve 4 open reconciliation exceptions', '/reconciliation?state=open'];

    expect(await items('support')).toEqual([]);
    resetDom();
    expect(await items('manager')).toEqual([rewards, batches]);
    resetDom();
    expect(await items('ops')).toEqual([rewards, batches, incomplete, stuck, exceptions]);
    resetDom();
    expect(await items('admin')).toEqual([rewards, batches, incomplete, stuck, exceptions]);
  });

  it('opens the filtered page from an item', async () => {
    const user = userEvent.setup();
    const { router } = await overviewPage(waiting, { signedInAs: 'ops' });
    await user.click(within(screen.getByRole('list', { name: 'Needs attention' })).getByRole('link', { name: /open reconciliation exceptions/ }));
    await expect.poll(() => currentPath(router)).toBe('/reconciliation?state=open');
  });
});

describe('Overview and the wallet', () => {
  const low = wallet({ available: '80.0000000', lowBalance: { threshold: '100.0000000', below: true } });

  it('warns at the top and lists the wallet as needing attention when available funds are below the threshold', async () => {
    await overviewPage(busy, { signedInAs: 'support', routes: { 'GET /api/wallet': () => json({ wallet: low }) } });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Available funds are below the low-balance threshold of 100.0000000: fund the wallet');
    expect(within(banner).getByRole('link', { name: 'Open the Wallet page' }).getAttribute('href')).toBe('/wallet');

    const attention = within(screen.getByRole('list', { name: 'Needs attention' }));
    const line = attention.getByRole('link');
    expect(line.textContent).toBe('Fund the app wallet: 80.0000000 available, below the low-balance threshold of 100.0000000');
    expect(line.getAttribute('href')).toBe('/wallet');
  });

  it.each([
    ['above the threshold', wallet({ lowBalance: { threshold: '100.0000000', below: false } })],
    ['without a threshold', wallet()],
    ['without an app wallet', null],
  ])('adds nothing when the wallet is %s', async (_, current) => {
    const { queryClient } = await overviewPage(busy, { signedInAs: 'support', routes: { 'GET /api/wallet': () => json({ wallet: current }) } });
    await expect.poll(() => queryClient.getQueryState(walletKeys.view())?.status).toBe('success');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Needs attention' })).toBeNull();
  });

  it('shows the counts and nothing about the wallet when the wallet cannot be read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, queryClient } = await overviewPage(busy, { signedInAs: 'support', routes: { 'GET /api/wallet': () => apiError(502, 'horizon_unavailable', 'Horizon did not answer.') } });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await expect.poll(() => queryClient.getQueryState(walletKeys.view())?.status).toBe('error');
    expect(api.requests.filter((request) => request.url.pathname === '/api/wallet').length).toBe(3);

    screen.getByRole('link', { name: countName('Incomplete payments', '2') });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Needs attention' })).toBeNull();
  });
});
