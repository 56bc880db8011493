import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readPaymentView, paymentViewParams } from '../../dashboard/src/features/payments/payment-table-view.ts';
import { apiError, json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { indexedPayment, PAYMENT_ID, USER_UID } from './support/payments.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const listRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname === '/api/payments');
const lastListQuery = (requests: SeenRequest[]) => Object.fromEntries(listRequests(requests).at(-1)?.url.searchParams ?? []);

const filters = () => within(screen.getByRole('search', { name: 'Filter payments' }));

/** A facet's choice, found by field name and value: closed popovers hide their accessible names. */
function choice(name: string, value: string): HTMLInputElement {
  const input = screen.getByRole('search', { name: 'Filter payments' }).querySelector(`input[name="${name}"][value="${value}"]`);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no choice ${name}=${value}`);
  return input;
}

async function paymentsPage(path: string, routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi(routes);
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Payments' });
  return { api, user, ...view };
}

describe('Payments view state in the URL', () => {
  it('round-trips: reading a URL and writing the view gives the same URL, in a fixed order', () => {
    const url =
      'direction=user_to_app&state=awaiting_transaction,awaiting_completion&developer_approved=true&cancelled=false&uid=u-1&amountMin=0.5&amountMax=10&from=2026-05-01T00:00:00.000Z&q=order&staleMinutes=10&sort=amount&order=asc&hide=memo,flags';
    expect(paymentViewParams(readPaymentView(new URLSearchParams(url))).toString()).toBe(new URLSearchParams(url).toString());
  });

  it('drops what cannot be right: unknown states and columns, bad amounts, short searches, bad sorts', () => {
    const view = readPaymentView(
      new URLSearchParams('state=completed,nonsense,completed&direction=sideways&cancelled=maybe&amountMin=1e5&q=ab&staleMinutes=0&txid=xyz&sort=memo&order=up&hide=id,memo,bogus&from=yesterday'),
    );
    expect(paymentViewParams(view).toString()).toBe('state=completed&hide=memo');
  });

  it('sends filters and sort from the URL to the server, and puts them in the form and the CSV link', async () => {
    const { api } = await paymentsPage(`/payments?direction=app_to_user&state=completed,cancelled&transaction_verified=true&uid=${USER_UID}&amountMin=1.5&q=coffee&sort=amount&order=asc`);
    await screen.findByText('No payments in the index match these filters.');

    expect(lastListQuery(api.requests)).toEqual({
      direction: 'app_to_user',
      state: 'completed,cancelled',
      transaction_verified: 'true',
      uid: USER_UID,
      amountMin: '1.5',
      q: 'coffee',
      sort: 'amount',
      order: 'asc',
      limit: '50',
    });
    expect(filters().getByRole('textbox', { name: 'User uid', hidden: true })).toHaveProperty('value', USER_UID);
    expect(filters().getByRole('searchbox', { name: 'Search text' })).toHaveProperty('value', 'coffee');
    expect(choice('direction', 'app_to_user')).toHaveProperty('checked', true);
    expect(choice('transaction_verified', 'true')).toHaveProperty('checked', true);
    filters().getByRole('button', { name: 'Direction App to user' });
    filters().getByRole('button', { name: 'Remove filter Transaction verified: yes' });
    expect(filters().getByRole('checkbox', { name: 'Completed', hidden: true })).toHaveProperty('checked', true);
    expect(filters().getByRole('checkbox', { name: 'Awaiting approval', hidden: true })).toHaveProperty('checked', false);
    expect(screen.getByRole('columnheader', { name: 'Amount' }).getAttribute('aria-sort')).toBe('ascending');

    const csv = screen.getByRole('link', { name: 'Export these rows as CSV' });
    expect(csv.getAttribute('href')).toBe(
      `/api/payments/export.csv?direction=app_to_user&state=completed%2Ccancelled&transaction_verified=true&uid=${USER_UID}&amountMin=1.5&q=coffee&sort=amount&order=asc`,
    );
  });

  it('writes a typed filter to the URL when applied, and Back and Forward move between views', async () => {
    const { api, user, router } = await paymentsPage('/payments');
    await screen.findByText(/The index is empty/);
    expect(screen.getByRole('link', { name: 'Export all rows as CSV' }).getAttribute('href')).toBe('/api/payments/export.csv');

    await user.click(filters().getByRole('button', { name: 'More filters' }));
    await user.type(filters().getByRole('textbox', { name: 'User uid' }), `${USER_UID}{Enter}`);
    expect(currentPath(router)).toBe(`/payments?uid=${USER_UID}`);
    await screen.findByText(/No payments of user/);
    expect(lastListQuery(api.requests)).toEqual({ uid: USER_UID, limit: '50' });

    await user.click(filters().getByRole('button', { name: 'Direction' }));
    await user.click(within(filters().getByRole('group', { name: 'Direction' })).getByRole('radio', { name: 'User to app' }));
    expect(currentPath(router)).toBe(`/payments?direction=user_to_app&uid=${USER_UID}`);

    const uid = () => filters().getByRole('textbox', { name: 'User uid', hidden: true });
    await act(() => router.navigate(-1));
    expect(choice('direction', '')).toHaveProperty('checked', true);
    expect(uid()).toHaveProperty('value', USER_UID);

    await act(() => router.navigate(-1));
    expect(currentPath(router)).toBe('/payments');
    expect(uid()).toHaveProperty('value', '');

    await act(() => router.navigate(2));
    expect(choice('direction', 'user_to_app')).toHaveProperty('checked', true);
  });

  it('applies state facets and flag filters as they are chosen', async () => {
    const { api, user, router } = await paymentsPage('/payments');
    await user.click(filters().getByRole('button', { name: 'State' }));
    const states = within(screen.getByRole('group', { name: 'State' }));
    await user.click(states.getByRole('checkbox', { name: 'Awaiting completion' }));
    expect(currentPath(router)).toBe('/payments?state=awaiting_completion');
    await user.click(states.getByRole('checkbox', { name: 'Awaiting approval' }));
    expect(currentPath(router)).toBe('/payments?state=awaiting_approval%2Cawaiting_completion');
    screen.getByRole('group', { name: 'State' });

    await user.click(filters().getByRole('button', { name: 'User cancelled' }));
    await user.click(within(filters().getByRole('group', { name: 'User cancelled' })).getByRole('radio', { name: 'No' }));
    expect(currentPath(router)).toBe('/payments?state=awaiting_approval%2Cawaiting_completion&user_cancelled=false');
    await screen.findByText('No payments in the index match these filters.');
    expect(lastListQuery(api.requests)).toEqual({ state: 'awaiting_approval,awaiting_completion', user_cancelled: 'false', limit: '50' });

    await user.click(filters().getByRole('button', { name: 'Clear filters' }));
    expect(currentPath(router)).toBe('/payments');
  });

  it('keeps focus in a facet popover from the keyboard: Space toggles a choice and applies it, Escape returns to the button', async () => {
    const { user, router } = await paymentsPage('/payments');
    const stateButton = filters().getByRole('button', { name: 'State' });
    stateButton.focus();
    await user.keyboard('{Enter}');
    const completed = within(screen.getByRole('group', { name: 'State' })).getByRole<HTMLInputElement>('checkbox', { name: 'Completed' });
    completed.focus();
    await user.keyboard(' ');
    expect(currentPath(router)).toBe('/payments?state=completed');
    expect(document.activeElement, 'focus after Space').toBe(completed);
    expect(completed.checked).toBe(true);

    await user.keyboard('{Tab} ');
    expect(currentPath(router)).toBe('/payments?state=completed%2Ccancelled');
    expect(document.activeElement, 'focus after Tab and Space').toBe(within(screen.getByRole('group', { name: 'State' })).getByRole('checkbox', { name: 'Cancelled' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'State' }), 'closed').toBeNull();
    expect(document.activeElement, 'focus after Escape').toBe(filters().getByRole('button', { name: /^State/ }));

    // Back to one choice from outside (the browser's Back): the choices follow the URL.
    await act(() => router.navigate(-1));
    expect(choice('state', 'completed').checked).toBe(true);
    expect(choice('state', 'cancelled').checked).toBe(false);
  });

  it('refuses a search text under 3 characters and an amount that is not one, without a request', async () => {
    const { api, user, router } = await paymentsPage('/payments');
    await screen.findByText(/The index is empty/);
    const before = listRequests(api.requests).length;

    await user.type(filters().getByRole('searchbox', { name: 'Search text' }), 'ab');
    await user.click(filters().getByRole('button', { name: 'More filters' }));
    await user.type(filters().getByRole('textbox', { name: 'Amount from' }), '1,5');
    await user.click(filters().getByRole('button', { name: 'Apply filters' }));

    filters().getByText('Enter at least 3 characters, or nothing.');
    filters().getByText('Enter a decimal amount such as 12.5, with at most 7 decimal places.');
    expect(filters().getByRole('searchbox', { name: 'Search text' }).getAttribute('aria-invalid')).toBe('true');
    expect(currentPath(router)).toBe('/payments');
    expect(listRequests(api.requests).length).toBe(before);
  });

  it('refuses an upper amount below the lower one, compared exactly', async () => {
    const { user } = await paymentsPage('/payments');
    await user.click(filters().getByRole('button', { name: 'More filters' }));
    await user.type(filters().getByRole('textbox', { name: 'Amount from' }), '0.30000001');
    await user.type(filters().getByRole('textbox', { name: 'Amount up to' }), '0.3{Enter}');
    filters().getByText('Enter a decimal amount such as 12.5, with at most 7 decimal places.');

    await user.clear(filters().getByRole('textbox', { name: 'Amount from' }));
    await user.type(filters().getByRole('textbox', { name: 'Amount from' }), '0.3000001{Enter}');
    filters().getByText('The upper amount is below the lower one.');
  });
});

describe('Payments table', () => {
  const rows = {
    'GET /api/payments': ({ url }: SeenRequest) =>
      url.searchParams.get('cursor') === 'after-2'
        ? json({ payments: [indexedPayment({ identifier: 'ThirdPaymentIdentifier000003', state: 'completed' })], nextCursor: null })
        : json({
            payments: [
              indexedPayment(),
              indexedPayment({ identifier: 'SecondPaymentIdentifier00002', amount: '0.0000001', transaction: { txid: 'c'.repeat(64), verified: false, _link: 'javascript:alert(1)' } }),
            ],
            nextCursor: 'after-2',
          }),
  };

  it('shows each payment with its id, amount as sent, state in words, compact flags and a safe transaction link', async () => {
    await paymentsPage('/payments?hide=', { routes: rows });
    const table = await screen.findByRole('table', { name: 'Payments' });
    const first = (await within(table).findByRole('link', { name: PAYMENT_ID })).closest('tr');
    if (!first) throw new Error('no row');
    const cells = within(first);
    expect(cells.getByRole('link', { name: PAYMENT_ID }).getAttribute('href')).toBe(`/payments/${PAYMENT_ID}`);
    cells.getByRole('button', { name: `Copy payment id ${PAYMENT_ID}` });
    expect(first.textContent).toContain('3.1415926 Plat Testnet');
    cells.getByText('Awaiting completion');
    expect(within(cells.getByRole('list', { name: 'Status flags' })).getAllByRole('listitem').map((item) => item.getAttribute('title'))).toContain('Transaction verified: yes');
    expect(cells.getByRole('link', { name: 'aaaaaaaa…bbbbbb' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(cells.getByRole('link', { name: USER_UID }).getAttribute('href')).toBe(`/users/${USER_UID}`);

    const second = within(table).getByRole('link', { name: 'SecondPaymentIdentifier00002' }).closest('tr');
    expect(second?.textContent).toContain('0.0000001 Plat Testnet');
    expect(second?.textContent).toContain('cccccccc…cccccc');
    expect(second?.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('shows by default the columns that fit on one line each, ids shortened, times as how long ago, and the others under "Columns"', async () => {
    const created = new Date(Date.now() - 3 * 60_000).toISOString();
    const { user, router } = await paymentsPage('/payments', { routes: { 'GET /api/payments': () => json({ payments: [indexedPayment({ created_at: created })], nextCursor: null }) } });
    const table = await screen.findByRole('table', { name: 'Payments' });
    const row = (await within(table).findByRole('link', { name: PAYMENT_ID })).closest('tr');
    if (!row) throw new Error('no row');
    const headers = () => within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers()).toEqual(['Payment', 'Direction', 'User', 'Amount↕', 'State', 'Created↓', 'Actions']);
    expect(within(row).getByRole('link', { name: PAYMENT_ID }).textContent).toBe(`${PAYMENT_ID.slice(0, 8)}…${PAYMENT_ID.slice(-5)}${PAYMENT_ID}`);
    expect(within(row).getByText('3 min ago').getAttribute('dateTime')).toBe(created);
    expect(within(row).queryByRole('button', { name: 'Copy' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Columns (4 hidden)' }));
    const columns = within(screen.getByRole('group', { name: 'Visible columns' }));
    await user.click(columns.getByRole('checkbox', { name: 'Flags' }));
    expect(currentPath(router)).toBe('/payments?hide=memo%2Ctransaction%2Csynced');
    expect(headers()).toContain('Flags');
    for (const name of ['Memo', 'Transaction', 'Last synced']) await user.click(columns.getByRole('checkbox', { name }));
    expect(currentPath(router)).toBe('/payments?hide=');
    for (const name of ['Memo', 'Flags', 'Transaction', 'Last synced']) await user.click(columns.getByRole('checkbox', { name }));
    expect(currentPath(router)).toBe('/payments');
  });

  it('loads the next page after the last row with the cursor, keeping the filters', async () => {
    const { api, user } = await paymentsPage('/payments?state=completed', { routes: rows });
    const table = await screen.findByRole('table', { name: 'Payments' });
    await within(table).findByRole('link', { name: PAYMENT_ID });
    screen.getByText('Showing the first 2 rows.');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await within(table).findByRole('link', { name: 'ThirdPaymentIdentifier000003' });
    screen.getByText('Showing all 3 rows.');
    expect(lastListQuery(api.requests)).toEqual({ state: 'completed', cursor: 'after-2', limit: '50' });
  });

  it('sorts by created, amount and last synced from the column headers, through the URL', async () => {
    const { api, user, router } = await paymentsPage('/payments', { routes: rows });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBe('descending');
    expect(within(table).queryByRole('button', { name: 'Memo' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Amount' }));
    expect(currentPath(router)).toBe('/payments?sort=amount');
    expect(within(table).getByRole('columnheader', { name: 'Amount' }).getAttribute('aria-sort')).toBe('descending');
    expect(within(table).getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Amount' }));
    expect(currentPath(router)).toBe('/payments?sort=amount&order=asc');
    await within(table).findByRole('link', { name: PAYMENT_ID });
    expect(lastListQuery(api.requests)).toEqual({ sort: 'amount', order: 'asc', limit: '50' });
    expect(screen.getByRole('link', { name: 'Export all rows as CSV' }).getAttribute('href')).toBe('/api/payments/export.csv?sort=amount&order=asc');

    await user.click(screen.getByRole('button', { name: 'Columns (4 hidden)' }));
    await user.click(within(screen.getByRole('group', { name: 'Visible columns' })).getByRole('checkbox', { name: 'Last synced' }));
    await user.click(within(table).getByRole('button', { name: 'Last synced' }));
    expect(currentPath(router)).toBe('/payments?sort=synced&hide=memo%2Cflags%2Ctransaction');
  });

  it('hides and shows columns through the URL, without asking the server again', async () => {
    const { api, user, router } = await paymentsPage('/payments?hide=memo', { routes: rows });
    const table = await screen.findByRole('table', { name: 'Payments' });
    await within(table).findByRole('link', { name: PAYMENT_ID });
    const headers = () => within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers()).not.toContain('Memo');
    const requests = listRequests(api.requests).length;

    await user.click(screen.getByRole('button', { name: 'Columns (1 hidden)' }));
    const columns = within(screen.getByRole('group', { name: 'Visible columns' }));
    expect(columns.queryByRole('checkbox', { name: 'Payment' })).toBeNull();
    await user.click(columns.getByRole('checkbox', { name: 'Flags' }));
    expect(currentPath(router)).toBe('/payments?hide=memo%2Cflags');
    expect(headers()).not.toContain('Flags');

    await user.click(columns.getByRole('checkbox', { name: 'Memo' }));
    expect(currentPath(router)).toBe('/payments?hide=flags');
    expect(headers()).toContain('Memo');
    expect(listRequests(api.requests).length).toBe(requests);
  });

  it("shows the server's message when the view cannot be loaded", async () => {
    await paymentsPage('/payments?q=coffee', { routes: { 'GET /api/payments': () => apiError(400, 'invalid_input', 'q: search text needs at least 3 characters') } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('q: search text needs at least 3 characters');
    expect(alert.textContent).toContain('invalid_input');
  });

  it('offers saved views as links, and marks the one shown', async () => {
    await paymentsPage('/payments?direction=user_to_app&state=awaiting_completion');
    const views = within(screen.getByRole('navigation', { name: 'Saved views' }));
    const stuck = views.getByRole('link', { name: 'Stuck user payments' });
    expect(stuck.getAttribute('href')).toBe('/payments?direction=user_to_app&state=awaiting_completion');
    expect(stuck.getAttribute('aria-current')).toBe('page');
    const stale = views.getByRole('link', { name: 'Approved, no transaction for 10+ min' });
    expect(stale.getAttribute('href')).toBe('/payments?state=awaiting_transaction&staleMinutes=10');
    expect(stale.getAttribute('aria-current')).toBeNull();
  });

  it('links to the import page', async () => {
    const { user } = await paymentsPage('/payments');
    await user.click(screen.getByRole('link', { name: 'Import payments' }));
    await screen.findByRole('heading', { level: 1, name: 'Import payments' });
  });
});

describe('Payments toolbar and rows', () => {
  const facets = {
    state: { awaiting_approval: 1, awaiting_transaction: 0, transaction_unverified: 0, awaiting_completion: 4, completed: 7, cancelled: 2, cancelled_by_user: 0 },
    direction: { user_to_app: 9, app_to_user: 5 },
    flags: {
      developer_approved: { yes: 13, no: 1 },
      transaction_verified: { yes: 11, no: 3 },
      developer_completed: { yes: 7, no: 7 },
      cancelled: { yes: 2, no: 12 },
      user_cancelled: { yes: 0, no: 14 },
    },
  };
  const twoRows = {
    'GET /api/payments': () => json({ payments: [indexedPayment(), indexedPayment({ identifier: 'SecondPaymentIdentifier00002' })], nextCursor: null }),
    'GET /api/payments/facets': () => json(facets),
  };

  it('shows each facet value with its count, within the other filters', async () => {
    const { api, user } = await paymentsPage('/payments?q=coffee&state=completed', { routes: twoRows });
    await user.click(filters().getByRole('button', { name: 'State Completed' }));
    const states = within(screen.getByRole('group', { name: 'State' }));
    states.getByRole('checkbox', { name: 'Awaiting completion 4' });
    await user.click(filters().getByRole('button', { name: 'Verified' }));
    within(screen.getByRole('group', { name: 'Verified' })).getByRole('radio', { name: 'No 3' });
    const facetQuery = api.requests.find((request) => request.url.pathname === '/api/payments/facets');
    expect(Object.fromEntries(facetQuery?.url.searchParams ?? [])).toEqual({ state: 'completed', q: 'coffee' });
  });

  it('shows the filters in force as chips that remove one filter each', async () => {
    const { user, router } = await paymentsPage(`/payments?state=completed,cancelled&developer_approved=true&uid=${USER_UID}`, { routes: twoRows });
    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getAllByRole('button').map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Remove filter State: Completed',
      'Remove filter State: Cancelled',
      'Remove filter Developer approved: yes',
      `Remove filter User uid: ${USER_UID}`,
    ]);
    await user.click(chips.getByRole('button', { name: 'Remove filter State: Completed' }));
    expect(currentPath(router)).toBe(`/payments?state=cancelled&developer_approved=true&uid=${USER_UID}`);
  });

  it('reports an over-long filter in the link instead of dropping it silently, and "Clear filters" clears it', async () => {
    const long = 'u'.repeat(300);
    const { user, router } = await paymentsPage(`/payments?uid=${long}&sort=amount`, { routes: twoRows });
    const notice = await screen.findByText(/Not applied/);
    expect(notice.textContent).toContain('User uid “uuuu');
    expect(notice.textContent).toContain('(300 characters)');
    await user.click(filters().getByRole('button', { name: 'Clear filters' }));
    expect(currentPath(router)).toBe('/payments?sort=amount');
    expect(screen.queryByText(/Not applied/)).toBeNull();
  });

  it('opens a row with Enter and moves between rows with j and k', async () => {
    const { user, router } = await paymentsPage('/payments', { routes: twoRows });
    const table = await screen.findByRole('table', { name: 'Payments' });
    await within(table).findByRole('link', { name: 'SecondPaymentIdentifier00002' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first?.getAttribute('tabindex')).toBe('0');
    expect(second?.getAttribute('tabindex')).toBe('-1');

    first?.focus();
    await user.keyboard('j');
    expect(document.activeElement).toBe(second);
    await user.keyboard('k');
    expect(document.activeElement).toBe(first);
    await user.keyboard('j');
    await user.keyboard('{Enter}');
    await expect.poll(() => currentPath(router)).toBe('/payments/SecondPaymentIdentifier00002');
  });

  it('offers a row menu with what the staff member may do, and done, stays on the table with a toast naming the payment', async () => {
    const { api, user, router } = await paymentsPage('/payments?state=awaiting_completion', {
      routes: { ...twoRows, [`POST /api/payments/${PAYMENT_ID}/cancel`]: () => json({ payment: indexedPayment() }) },
      signedInAs: 'ops',
    });
    await user.click(await screen.findByRole('button', { name: `Actions for payment ${PAYMENT_ID}` }));
    const menu = within(screen.getByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Open payment', 'Open user', 'Complete payment…', 'Cancel payment…']);
    await user.click(menu.getByRole('menuitem', { name: 'Cancel payment…' }));
    const dialog = within(screen.getByRole('dialog', { name: `Cancel payment ${PAYMENT_ID}?` }));
    const listsBefore = listRequests(api.requests).length;
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'ticket 12');
    await user.click(dialog.getByRole('button', { name: /^(Confirm cancellation|Try to cancel anyway)$/ }));

    await expect.poll(() => screen.getByRole('status', { name: 'Notifications' }).textContent).toContain(`Payment ${PAYMENT_ID.slice(0, 8)}…${PAYMENT_ID.slice(-6)} cancelled`);
    expect(screen.queryByRole('dialog'), 'the dialog closed').toBeNull();
    expect(currentPath(router), 'still on the table, its filters kept').toBe('/payments?state=awaiting_completion');
    await expect.poll(() => listRequests(api.requests).length, { message: 'the rows read again' }).toBeGreaterThan(listsBefore);
  });

  it('offers support only to open the payment or the user', async () => {
    const { user } = await paymentsPage('/payments', { routes: twoRows, signedInAs: 'support' });
    await user.click(await screen.findByRole('button', { name: `Actions for payment ${PAYMENT_ID}` }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Open payment', 'Open user']);
  });
});
