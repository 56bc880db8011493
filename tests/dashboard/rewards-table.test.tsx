import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { reward, REWARD_ID, REWARD_PAYMENT_ID, REWARD_TXID, REWARD_UID } from './support/rewards.ts';

afterEach(resetDom);

/** How often the list of unfinished rewards is read again (the SPA's UNFINISHED_REWARD_REFRESH_MS). */
const READ_AGAIN_MS = 3_000;

const listRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname === '/api/rewards' && request.method === 'GET');
const lastListQuery = (requests: SeenRequest[]) => Object.fromEntries(listRequests(requests).at(-1)?.url.searchParams ?? []);
const filters = () => within(screen.getByRole('search', { name: 'Filter rewards' }));

async function rewardsPage(path: string, routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({ signedInAs: 'manager', routes });
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Rewards' });
  return { api, user, ...view };
}

const FAILED_ID = '1c8d4e3b-6a2e-4d9f-8b7c-2e3f4a5b6c7d';

async function showPaymentAndTransaction(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Columns (2 hidden)' }));
  const columns = within(screen.getByRole('group', { name: 'Visible columns' }));
  await user.click(columns.getByRole('checkbox', { name: 'Payment' }));
  await user.click(columns.getByRole('checkbox', { name: 'Transaction' }));
}

describe('Rewards table', () => {
  it('shows state in words, user, amount as sent, requested by, and links to the reward, its payment and its transaction', async () => {
    const { user } = await rewardsPage('/rewards', {
      'GET /api/rewards': () =>
        json({
          rewards: [
            reward(),
            reward({
              id: FAILED_ID,
              state: 'failed',
              amount: '0.0000001',
              paymentId: null,
              txid: null,
              transactionLink: null,
              error: { code: 'user_not_found', message: 'The platform knows no user with this uid. Check the uid.' },
            }),
          ],
          nextCursor: null,
        }),
    });
    const table = await screen.findByRole('table', { name: 'Rewards' });
    // findAllByRole answers as soon as any row shows (the header, and a loading row while the list is
    // fetched); wait for the header and the two rewards.
    const [, completed, failed] = await waitFor(() => {
      const rows = within(table).getAllByRole('row');
      if (rows.length < 3) throw new Error('rows missing');
      return rows;
    });
    if (!completed || !failed) throw new Error('rows missing');

    expect(completed.textContent).toContain('Completed');
    expect(within(completed).getByRole('link', { name: REWARD_UID }).getAttribute('href')).toBe(`/rewards?uid=${REWARD_UID}`);
    expect(completed.textContent).toContain('1.25');
    expect(within(completed).getByRole('link', { name: 'manager@sandbox.local' }).getAttribute('href')).toBe('/rewards?requestedBy=staff-manager');
    // The reward's id, shortened in the middle, in full for screen readers and on hover.
    const idLink = within(completed).getByRole('link', { name: REWARD_ID });
    expect(idLink.getAttribute('href')).toBe(`/rewards/${REWARD_ID}`);
    expect(idLink.getAttribute('title')).toBe(REWARD_ID);
    within(completed).getByRole('button', { name: `Copy reward id ${REWARD_ID}` });
    // Over a week ago, so its date; the exact time on hover.
    const requested = within(completed).getByText('May 15, 2026');
    expect(requested.getAttribute('dateTime')).toBe('2026-05-15T08:00:00.000Z');
    expect(requested.getAttribute('title')).toContain('2026');

    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('The platform knows no user with this uid. Check the uid.');
    expect(failed.textContent).toContain('0.0000001');

    // Payment and transaction are on the reward's page, and here under "Columns".
    expect(within(completed).queryByRole('link', { name: REWARD_PAYMENT_ID })).toBeNull();
    await showPaymentAndTransaction(user);
    expect(within(completed).getByRole('link', { name: REWARD_PAYMENT_ID }).getAttribute('href')).toBe(`/payments/${REWARD_PAYMENT_ID}`);
    const transaction = within(completed).getByTitle(REWARD_TXID);
    expect(transaction.getAttribute('href')).toBe(`https://horizon.example/transactions/${REWARD_TXID}`);
    expect(failed.textContent).toContain('none yet');
  });

  it('opens a reward from its row with Enter, and moves between rows with j and k', async () => {
    const { user, router } = await rewardsPage('/rewards', {
      'GET /api/rewards': () => json({ rewards: [reward(), reward({ id: FAILED_ID, state: 'failed' })], nextCursor: null }),
    });
    const table = await screen.findByRole('table', { name: 'Rewards' });
    const first = (await within(table).findByRole('link', { name: REWARD_ID })).closest('tr');
    const second = within(table).getByRole('link', { name: FAILED_ID }).closest('tr');
    first?.focus();
    await user.keyboard('j');
    expect(document.activeElement).toBe(second);
    await user.keyboard('k');
    expect(document.activeElement).toBe(first);
    await user.keyboard('j{Enter}');
    await expect.poll(() => currentPath(router)).toBe(`/rewards/${FAILED_ID}`);
  });

  it('links a transaction only when its link is http(s)', async () => {
    const { user } = await rewardsPage('/rewards', { 'GET /api/rewards': () => json({ rewards: [reward({ transactionLink: 'javascript:alert(1)' })], nextCursor: null }) });
    await showPaymentAndTransaction(user);
    await screen.findByTitle(REWARD_TXID);
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('reads a deep link’s filters, sends them to the server, and puts them in the form and the CSV link', async () => {
    const { api } = await rewardsPage(`/rewards?state=failed,needs_attention,bogus&uid=${REWARD_UID}`);
    await screen.findByText('No rewards match these filters.');
    expect(lastListQuery(api.requests)).toEqual({ state: 'failed,needs_attention', uid: REWARD_UID, limit: '50' });
    expect(filters().getByRole('textbox', { name: 'User uid' })).toHaveProperty('value', REWARD_UID);
    expect(filters().getByRole('checkbox', { name: 'Failed', hidden: true })).toHaveProperty('checked', true);
    expect(filters().getByRole('checkbox', { name: 'Completed', hidden: true })).toHaveProperty('checked', false);
    expect(screen.getByRole('link', { name: 'Export these rows as CSV' }).getAttribute('href')).toBe(
      `/api/rewards/export.csv?state=failed%2Cneeds_attention&uid=${REWARD_UID}`,
    );
  });

  it('writes applied filters to the URL, and Back returns to the view before', async () => {
    const { api, user, router } = await rewardsPage('/rewards');
    await screen.findByText('No reward has been paid yet.');
    expect(screen.getByRole('link', { name: 'Export all rows as CSV' }).getAttribute('href')).toBe('/api/rewards/export.csv');

    await user.click(filters().getByRole('button', { name: 'State' }));
    await user.click(within(screen.getByRole('group', { name: 'State' })).getByRole('checkbox', { name: 'Needs a person' }));
    await user.selectOptions(filters().getByRole('combobox', { name: 'Requested by' }), 'Me');
    await user.click(filters().getByRole('button', { name: 'Apply filters' }));
    expect(currentPath(router)).toBe('/rewards?state=needs_attention&requestedBy=staff-manager');
    await screen.findByText('No rewards match these filters.');
    expect(lastListQuery(api.requests)).toEqual({ state: 'needs_attention', requestedBy: 'staff-manager', limit: '50' });

    await act(() => router.navigate(-1));
    expect(currentPath(router)).toBe('/rewards');
    expect(filters().getByRole('combobox', { name: 'Requested by' })).toHaveProperty('value', '');
  });

  it('reads unfinished rewards again until they settle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const { api } = await rewardsPage('/rewards', {
      'GET /api/rewards': () => {
        reads += 1;
        return json({ rewards: [reward(reads === 1 ? { state: 'created', txid: null, transactionLink: null } : {})], nextCursor: null });
      },
    });
    const table = await screen.findByRole('table', { name: 'Rewards' });
    await within(table).findByText('Paying… (payment created)');
    await act(() => vi.advanceTimersByTimeAsync(READ_AGAIN_MS));
    await within(table).findByText('Completed');
    // Several more read-again periods pass on the fake clock: no further read once every row has settled.
    await act(() => vi.advanceTimersByTimeAsync(READ_AGAIN_MS * 4));
    expect(listRequests(api.requests)).toHaveLength(2);
  });
});
