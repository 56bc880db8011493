import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../bff/src/domain/roles.ts';
import type { UserSummary } from '../../dashboard/src/features/users/api/get-user.ts';
import { auditEvent } from './support/audit.ts';
import { json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { indexedPayment, PAYMENT_ID, USER_UID } from './support/payments.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const WALLET = 'GUSERWALLETADDRESS';

function summary(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    uid: USER_UID,
    userNames: null,
    walletAddress: WALLET,
    totals: [
      { direction: 'user_to_app', state: 'awaiting_completion', count: 1, amount: '3.1415926' },
      { direction: 'app_to_user', state: 'completed', count: 2, amount: '10' },
    ],
    blocking: [indexedPayment()],
    staffActions: [
      auditEvent({
        id: 9,
        at: '2026-05-15T09:00:00.000Z',
        actor: { id: 'staff-ops', email: 'ops@sandbox.local', role: 'ops' },
        actorName: 'Sandbox Ops',
        action: 'payment.cancel',
        target: 'payment:OtherPaymentIdentifier000001',
        outcome: 'refused',
        upstream: { status: 400, code: 'payment_tx_present' },
        details: { reason: 'duplicate' },
        subject: { kind: 'payment', uid: USER_UID, userNames: null, amount: '3', direction: 'app_to_user' },
      }),
    ],
    ...overrides,
  };
}

async function userPage(role: Role = 'support', path = `/users/${USER_UID}`) {
  const api = stubApi({
    signedInAs: role,
    routes: {
      [`GET /api/users/${USER_UID}`]: () => json(summary()),
      'GET /api/payments': () => json({ payments: [indexedPayment()], nextCursor: null }),
    },
  });
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: `User ${USER_UID}` });
  await screen.findByRole('region', { name: 'What blocks them' });
  return { api, user, ...view };
}

const paymentsRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname === '/api/payments');

describe('User page', () => {
  it('shows the wallet, totals, what blocks them, their payments, rewards and staff actions', async () => {
    const { api } = await userPage();
    within(screen.getByRole('region', { name: 'Wallet' })).getByText(WALLET);
    const totals = within(screen.getByRole('table', { name: 'Payment totals' }));
    expect(totals.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'DirectionStatePaymentsAmount',
      'User to appAwaiting completion13.1415926',
      'App to userCompleted210',
    ]);
    within(screen.getByRole('region', { name: 'What blocks them' })).getByRole('link', { name: PAYMENT_ID });
    const payments = await screen.findByRole('table', { name: 'Payments of this user' });
    await within(payments).findByRole('link', { name: PAYMENT_ID });
    expect(Object.fromEntries(paymentsRequests(api.requests).at(-1)?.url.searchParams ?? [])).toEqual({ uid: USER_UID, limit: '50' });
    expect(screen.getByRole('link', { name: 'Export these rows as CSV' }).getAttribute('href')).toBe(`/api/payments/export.csv?uid=${USER_UID}`);
    const rewards = screen.getByRole('table', { name: 'Rewards' });
    // No filters on this page: its empty table says so about the user, not about filters.
    await within(rewards).findByText('The console has paid this user no reward yet.');
    const actions = within(screen.getByRole('table', { name: 'Staff actions' }));
    // As the audit log words it: who tried what on which payment, why, and what the platform said; no codes.
    const [, row] = actions.getAllByRole('row');
    expect(row?.textContent).toContain('Sandbox Ops tried to cancel payment');
    expect(row?.textContent).toContain('A blockchain transaction is recorded for this payment, so it cannot be cancelled; complete it instead.');
    expect(actions.getByRole('link', { name: 'OtherPay…000001' }).getAttribute('href')).toBe('/payments/OtherPaymentIdentifier000001');
    actions.getByText('Refused');
  });

  it('offers ops the fix of a blocking payment in one click, and support none', async () => {
    await userPage('support');
    expect(within(screen.getByRole('region', { name: 'What blocks them' })).queryByRole('button', { name: 'Complete payment' })).toBeNull();
    resetDom();

    const { user } = await userPage('ops');
    await user.click(within(screen.getByRole('region', { name: 'What blocks them' })).getByRole('button', { name: 'Complete payment' }));
    screen.getByRole('dialog', { name: `Complete payment ${PAYMENT_ID}?` });
  });

  it('offers staff who may pay "Pay a reward", which opens the pay form with the uid filled in', async () => {
    const { user, router } = await userPage('manager');
    const link = screen.getByRole('link', { name: 'Pay a reward' });
    expect(link.getAttribute('href')).toBe(`/rewards?pay=${USER_UID}`);
    await user.click(link);

    const form = within(await screen.findByRole('form', { name: 'Pay a reward' }));
    expect(currentPath(router)).toBe(`/rewards?pay=${USER_UID}`);
    expect((form.getByRole('combobox', { name: 'User uid' }) as HTMLInputElement).value).toBe(USER_UID);
    expect(document.activeElement).toBe(form.getByRole('textbox', { name: 'Amount' }));
  });

  it('offers support, who may not pay, no "Pay a reward"', async () => {
    await userPage('support');
    expect(screen.queryByRole('link', { name: 'Pay a reward' })).toBeNull();
  });

  it('keeps the sort of the payments in the URL', async () => {
    const { api } = await userPage('support', `/users/${USER_UID}?sort=amount&order=asc`);
    await screen.findByRole('table', { name: 'Payments of this user' });
    expect(Object.fromEntries(paymentsRequests(api.requests).at(-1)?.url.searchParams ?? [])).toEqual({ uid: USER_UID, sort: 'amount', order: 'asc', limit: '50' });
  });

  it('shows the payments’ default columns, and the others under "Columns", kept in the URL with the sort', async () => {
    const { api, user, router } = await userPage('support', `/users/${USER_UID}?sort=amount`);
    const payments = await screen.findByRole('table', { name: 'Payments of this user' });
    await within(payments).findByRole('link', { name: PAYMENT_ID });
    const headers = () => within(payments).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers()).not.toContain('Flags');
    const requests = paymentsRequests(api.requests).length;

    // The rewards table below has its own, with 2 hidden.
    await user.click(screen.getByRole('button', { name: 'Columns (4 hidden)' }));
    await user.click(within(screen.getByRole('group', { name: 'Visible columns' })).getByRole('checkbox', { name: 'Flags' }));
    expect(currentPath(router)).toBe(`/users/${USER_UID}?sort=amount&hide=memo%2Ctransaction%2Csynced`);
    expect(headers()).toContain('Flags');
    expect(paymentsRequests(api.requests).length).toBe(requests);
  });
});
