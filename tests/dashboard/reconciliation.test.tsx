import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../bff/src/domain/roles.ts';
import type { ReconciliationException } from '../../dashboard/src/display/reconciliation/exception-types.ts';
import { apiError, json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import {
  DOUBLE_PAID_ID,
  DOUBLE_PAID_REWARD,
  EXCEPTION_ID,
  reconciliationException,
  rollForward,
  TX_HASH,
  USER_ADDRESS,
} from './support/reconciliation.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const listed = (exceptions: ReconciliationException[]): FakeRoute => () => json({ exceptions, nextCursor: null });

function reconciliationPage({ role = 'ops', path = '/reconciliation', routes = {} }: { role?: Role; path?: string; routes?: Record<string, FakeRoute> } = {}) {
  const api = stubApi({
    signedInAs: role,
    routes: { 'GET /api/reconciliation/summary': () => json(rollForward()), 'GET /api/reconciliation/exceptions': listed([reconciliationException()]), ...routes },
  });
  return { api, ...renderApp(path) };
}

/** The table's first exception, once the rows have come. */
async function firstRow(): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'Exceptions' });
  await within(table).findByTitle(/_/);
  return within(table).getAllByRole('row')[1]!;
}

const requestsTo = (requests: SeenRequest[], path: string) => requests.filter((request) => request.url.pathname === path);
const lastQuery = (requests: SeenRequest[], path: string) => Object.fromEntries(requestsTo(requests, path).at(-1)?.url.searchParams ?? []);

describe('Reconciliation page', () => {
  it('leads with the difference, then rolls the balance forward', async () => {
    reconciliationPage({ role: 'support' });
    const difference = await screen.findByRole('region', { name: 'Difference' });
    expect(difference.textContent).toContain('The books tie: difference 0.0000000');
    const main = screen.getByRole('main').textContent ?? '';
    const order = ['The books tie', 'Opening', 'Money in', 'Money out', 'Fees', 'Closing', 'Chain balance'].map((text) => main.indexOf(text));
    expect(order.every((at, index) => at >= 0 && (index === 0 || at > (order[index - 1] ?? 0)))).toBe(true);
    expect(main).toContain('1002.7300000');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says loudly when the books do not tie, and asks the summary for the period in the URL', async () => {
    const { api } = reconciliationPage({
      path: '/reconciliation?from=2026-05-01T00:00:00.000Z&to=2026-06-01T00:00:00.000Z',
      routes: { 'GET /api/reconciliation/summary': () => json(rollForward({ chainBalance: '1001.7300000', difference: '1.0000000' })) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The books do not tie: difference 1.0000000');
    expect(lastQuery(api.requests, '/api/reconciliation/summary')).toEqual({ from: '2026-05-01T00:00:00.000Z', to: '2026-06-01T00:00:00.000Z' });
  });

  it('lists the exceptions: kind in words with its code, transaction, amount, counterparty and links shortened and linked', async () => {
    reconciliationPage({ role: 'support' });
    const row = await firstRow();
    expect(row?.textContent).toContain('Paid twice');
    expect(within(row!).getByTitle('double_payment').textContent).toContain('(double_payment)');
    const tx = within(row!).getByRole('link', { name: 'dddddd…dddddd' });
    expect(tx.getAttribute('href')).toBe(`https://horizon.example/transactions/${TX_HASH}`);
    expect(tx.getAttribute('title')).toBe(TX_HASH);
    expect(row?.textContent).toContain('1.2500000');
    expect(within(row!).getByTitle(USER_ADDRESS).textContent).toBe('GUSERW…BBK2M4');
    expect(within(row!).getByRole('link', { name: /^Payment / }).getAttribute('href')).toBe(`/payments/${DOUBLE_PAID_ID}`);
    expect(within(row!).getByRole('link', { name: /^Reward / }).getAttribute('href')).toBe(`/rewards/${DOUBLE_PAID_REWARD}`);
    expect(within(row!).getByRole('time').getAttribute('datetime')).toBe('2026-05-15T08:00:05.000Z');
    expect(row?.textContent).toContain('Open');
  });

  it('keeps kind and state in the URL, for the request and the CSV link alike', async () => {
    const user = userEvent.setup();
    const { api, router } = reconciliationPage({ path: '/reconciliation?kind=unmatched_inflow' });
    await screen.findByRole('table', { name: 'Exceptions' });
    expect(lastQuery(api.requests, '/api/reconciliation/exceptions')).toEqual({ kind: 'unmatched_inflow', limit: '50' });

    const filters = screen.getByRole('search', { name: 'Filter the exceptions' });
    expect(within(filters).getByLabelText('Kind')).toHaveProperty('value', 'unmatched_inflow');
    await user.selectOptions(within(filters).getByLabelText('Kind'), 'double_payment');
    await user.selectOptions(within(filters).getByLabelText('State'), 'open');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));

    expect(currentPath(router)).toBe('/reconciliation?kind=double_payment&state=open');
    await screen.findByRole('link', { name: 'Export these rows as CSV' });
    expect(lastQuery(api.requests, '/api/reconciliation/exceptions')).toEqual({ kind: 'double_payment', state: 'open', limit: '50' });
    expect(screen.getByRole('link', { name: 'Export these rows as CSV' }).getAttribute('href')).toBe('/api/reconciliation/exceptions/export.csv?kind=double_payment&state=open');
  });

  it('reconciles now for ops, then says what the run read and found and reads the list again', async () => {
    const user = userEvent.setup();
    const { api } = reconciliationPage({ routes: { 'POST /api/reconciliation/run': () => json({ transactionsRead: 3, exceptionsFound: 1 }) } });
    await screen.findByRole('table', { name: 'Exceptions' });
    const listsBefore = requestsTo(api.requests, '/api/reconciliation/exceptions').length;
    await user.click(screen.getByRole('button', { name: 'Reconcile now' }));
    expect((await screen.findByText('Read 3 transactions, found 1 exception.')).getAttribute('role')).toBe('status');
    await expect.poll(() => requestsTo(api.requests, '/api/reconciliation/exceptions').length).toBeGreaterThan(listsBefore);
  });

  it('shows a run refused because another is reading the wallet', async () => {
    const user = userEvent.setup();
    reconciliationPage({ routes: { 'POST /api/reconciliation/run': () => apiError(409, 'reconciliation_running', 'Another instance is reconciling the wallet.') } });
    await user.click(await screen.findByRole('button', { name: 'Reconcile now' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Another instance is reconciling the wallet.');
    expect(notice.textContent).toContain('code reconciliation_running');
  });

  it('opens an exception, and acknowledges it with the note that is required', async () => {
    const user = userEvent.setup();
    const acknowledged = reconciliationException({ state: 'acknowledged', note: 'Asked the user to send it back', acknowledged: { by: 'ops@sandbox.local', at: '2026-05-15T09:00:00.000Z' } });
    const { api } = reconciliationPage({ routes: { [`POST /api/reconciliation/exceptions/${EXCEPTION_ID}/acknowledge`]: () => json({ exception: acknowledged }) } });
    await user.click((await firstRow()).querySelector('td')!);

    const dialog = await screen.findByRole('dialog', { name: 'Paid twice' });
    expect(dialog.textContent).toContain('A second successful payment out for this payment.');
    expect(dialog.textContent).toContain(TX_HASH);
    expect(dialog.textContent).toContain(USER_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(dialog.textContent).toContain('no money moves');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    within(dialog).getByText('Enter a note: say what you found or what you will do.');
    expect(requestsTo(api.requests, `/api/reconciliation/exceptions/${EXCEPTION_ID}/acknowledge`)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Note'), 'Asked the user to send it back');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await within(dialog).findByText('Asked the user to send it back');
    expect(requestsTo(api.requests, `/api/reconciliation/exceptions/${EXCEPTION_ID}/acknowledge`).map((request) => request.body)).toEqual([{ note: 'Asked the user to send it back' }]);
    expect(dialog.textContent).toContain('Acknowledged');
    expect(dialog.textContent).toContain('ops@sandbox.local');
    expect(within(dialog).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    within(dialog).getByRole('button', { name: 'Resolve' });
  });

  it('shows a refusal to resolve with its code, and offers to complete a payment the user paid', async () => {
    const user = userEvent.setup();
    reconciliationPage({
      routes: {
        'GET /api/reconciliation/exceptions': listed([reconciliationException({ kind: 'paid_not_completed', rewardId: null })]),
        [`POST /api/reconciliation/exceptions/${EXCEPTION_ID}/resolve`]: () => apiError(409, 'exception_not_open', 'This exception is resolved; it cannot be resolved now.'),
      },
    });
    (await firstRow()).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Paid by the user, not completed' });
    within(dialog).getByRole('button', { name: 'Complete the payment' });

    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(dialog.textContent).toContain('no money moves');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toContain('code exception_not_open');
  });

  it('shows support everything but no button that acts', async () => {
    const user = userEvent.setup();
    reconciliationPage({ role: 'support', routes: { 'GET /api/reconciliation/exceptions': listed([reconciliationException({ kind: 'paid_not_completed' })]) } });
    const row = await firstRow();
    expect(screen.queryByRole('button', { name: 'Reconcile now' })).toBeNull();
    await user.click(row.querySelector('td')!);
    const dialog = await screen.findByRole('dialog', { name: 'Paid by the user, not completed' });
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
  });
});
