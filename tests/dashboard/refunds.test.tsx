import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../bff/src/domain/roles.ts';
import type { Payment } from '../../dashboard/src/features/payments/api/get-payment.ts';
import type { PaymentRefunds, Refund } from '../../dashboard/src/features/payments/api/get-payment-refunds.ts';
import { json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { detail, indexedPayment, payment, PAYMENT_ID, USER_UID } from './support/payments.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { reward, REWARD_ID, rewardDetail } from './support/rewards.ts';

afterEach(resetDom);

const REFUNDS = `GET /api/payments/${PAYMENT_ID}/refunds`;
const REFUND = `POST /api/payments/${PAYMENT_ID}/refunds`;

/** The payment of the fixtures (3.1415926 Plat Testnet from the user), completed. */
const completed = (overrides: Partial<Payment> = {}) => payment({ state: 'completed', status: { ...payment().status, developer_completed: true }, ...overrides });

function refund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: REWARD_ID,
    refundOf: PAYMENT_ID,
    state: 'completed',
    uid: USER_UID,
    amount: '1',
    memo: 'Refund of payment AbCdEfGh',
    paymentId: 'RwDpAyMeNtIdEnTiFiEr00000001',
    network: 'Plat Testnet',
    txid: 'd'.repeat(64),
    transactionLink: null,
    error: null,
    createdAt: '2026-05-15T08:00:00.000Z',
    updatedAt: '2026-05-15T08:00:05.000Z',
    ...overrides,
  };
}

function refunds(overrides: Partial<PaymentRefunds> = {}): PaymentRefunds {
  return { paymentId: PAYMENT_ID, amount: '3.1415926', refunded: '1', remaining: '2.1415926', notRefundable: null, refunds: [refund()], ...overrides };
}

async function openPayment({ current = completed(), role = 'manager', routes = {} }: { current?: Payment; role?: Role; routes?: Record<string, FakeRoute> } = {}) {
  const api = stubApi({ signedInAs: role, routes: { [`GET /api/payments/${PAYMENT_ID}`]: () => json(detail(current)), [REFUNDS]: () => json(refunds()), ...routes } });
  const user = userEvent.setup();
  const view = renderApp(`/payments/${PAYMENT_ID}`);
  await screen.findByRole('region', { name: 'Timeline' });
  return { api, user, ...view };
}

const refundRequests = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'POST' && request.url.pathname === `/api/payments/${PAYMENT_ID}/refunds`);

describe('Refunds on the payment page', () => {
  it('lists the refunds with amount, state and a link, and says what is left', async () => {
    await openPayment({ role: 'support' });
    const section = within(await screen.findByRole('region', { name: 'Refunds' }));
    await section.findByText('Refunded 1 Plat Testnet of 3.1415926 Plat Testnet, paid or on its way; 2.1415926 Plat Testnet is left to refund.');
    const rows = section.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1, 3).map((cell) => cell.textContent))).toEqual([['1 Plat Testnet', 'Completed']]);
    expect(section.getByRole('link', { name: 'Open the refund of 1' }).getAttribute('href')).toBe(`/rewards/${REWARD_ID}`);
    expect(section.queryByRole('button', { name: 'Refund' }), 'support does not pay').toBeNull();
  });

  it('are not shown for a payment that is not a completed user-to-app one', async () => {
    await openPayment({ current: payment() });
    expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
    resetDom();
    await openPayment({ current: completed({ direction: 'app_to_user' }) });
    expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
  });

  it('refunds what is left by default, says the consequence before it pays, and shows the server’s refusal in its words', async () => {
    let answer: () => Response = () =>
      json({ error: { code: 'over_refundable', message: 'Only 0.1415926 of this payment’s 3.1415926 is left to refund (3 is refunded or on its way); this refund is 2.', requestId: 'req-1', details: { remaining: '0.1415926' } } }, 422);
    const { api, user } = await openPayment({ routes: { [REFUND]: () => answer() } });
    const section = within(await screen.findByRole('region', { name: 'Refunds' }));
    await user.click(await section.findByRole('button', { name: 'Refund' }));

    const form = within(await screen.findByRole('dialog', { name: `Refund payment ${PAYMENT_ID}` }));
    const amount = form.getByRole('textbox', { name: 'Amount' });
    expect((amount as HTMLInputElement).value).toBe('2.1415926');
    expect(form.getByRole('textbox', { name: 'Memo (optional)' }).getAttribute('placeholder')).toBe('Refund of payment AbCdEfGh');

    await user.clear(amount);
    await user.type(amount, '2.5');
    await user.click(form.getByRole('button', { name: 'Review the refund' }));
    form.getByText('Only 2.1415926 Plat Testnet is left to refund.');
    expect(refundRequests(api.requests)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '2');
    await user.type(form.getByRole('textbox', { name: 'Memo (optional)' }), 'Gems never delivered');
    await user.click(form.getByRole('button', { name: 'Review the refund' }));

    const confirm = within(screen.getByRole('dialog', { name: 'Refund 2 Plat Testnet?' }));
    expect(screen.getByRole('dialog', { name: 'Refund 2 Plat Testnet?' }).textContent).toContain(
      `The app wallet pays 2 Plat Testnet back to the user with uid ${USER_UID}, who made this payment, with the memo “Gems never delivered”.Once it is on the chain it cannot be taken back. 0.1415926 Plat Testnet of the payment’s 3.1415926 Plat Testnet will be left to refund.`,
    );
    await user.click(confirm.getByRole('button', { name: 'Refund 2 Plat Testnet' }));
    expect((await confirm.findByRole('alert')).textContent).toContain('Only 0.1415926 of this payment’s 3.1415926 is left to refund (3 is refunded or on its way); this refund is 2.');
    const [refused] = refundRequests(api.requests);
    expect(refused?.body).toEqual({ amount: '2', memo: 'Gems never delivered' });
    const refusedKey = refused?.headers.get('idempotency-key');
    expect(refusedKey).toMatch(/^[0-9a-f-]{36}$/);

    answer = () => json({ refund: refund({ id: 'a2f1c3d4-0000-4000-8000-000000000002', amount: '0.1', state: 'requested' }) }, 201);
    await user.click(confirm.getByRole('button', { name: 'Back' }));
    const again = within(screen.getByRole('dialog', { name: `Refund payment ${PAYMENT_ID}` }));
    const amountAgain = again.getByRole('textbox', { name: 'Amount' });
    await user.clear(amountAgain);
    await user.type(amountAgain, '0.1');
    await user.click(again.getByRole('button', { name: 'Review the refund' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Refund 0.1 Plat Testnet?' })).getByRole('button', { name: 'Refund 0.1 Plat Testnet' }));

    await expect.poll(() => screen.getByRole('status', { name: 'Notifications' }).textContent).toContain('Refund of 0.1 asked for');
    expect(screen.queryByRole('dialog'), 'the dialog closed').toBeNull();
    const sent = refundRequests(api.requests).at(-1);
    expect(sent?.body).toEqual({ amount: '0.1', memo: 'Gems never delivered' });
    expect(sent?.headers.get('idempotency-key'), 'a refused request settles its key: the next one is new').not.toBe(refusedKey);
  });

  it('says why a payment cannot be refunded instead of the form', async () => {
    await openPayment({ routes: { [REFUNDS]: () => json(refunds({ refunded: '3.1415926', remaining: '0' })) } });
    const section = within(await screen.findByRole('region', { name: 'Refunds' }));
    await section.findByText('Refunded in full: 3.1415926 Plat Testnet of 3.1415926 Plat Testnet, paid or on its way.');
    expect(section.queryByRole('button', { name: 'Refund' })).toBeNull();

    resetDom();
    await openPayment({ routes: { [REFUNDS]: () => json(refunds({ remaining: '0', notRefundable: { code: 'payment_not_completed', message: 'Only a completed payment can be refunded: the user has not paid this one yet.' } })) } });
    await within(await screen.findByRole('region', { name: 'Refunds' })).findByText('Only a completed payment can be refunded: the user has not paid this one yet.');
  });
});

describe('Refunds elsewhere', () => {
  it('offers Refund… in the user’s payments for who pays rewards, not for support', async () => {
    const routes = {
      [`GET /api/users/${USER_UID}`]: () => json({ uid: USER_UID, walletAddress: null, totals: [], blocking: [], staffActions: [] }),
      'GET /api/payments': () => json({ payments: [indexedPayment({ state: 'completed', status: { ...payment().status, developer_completed: true } })], nextCursor: null }),
      [REFUNDS]: () => json(refunds()),
    };
    stubApi({ signedInAs: 'manager', routes });
    const user = userEvent.setup();
    renderApp(`/users/${USER_UID}`);
    await user.click(await screen.findByRole('button', { name: `Actions for payment ${PAYMENT_ID}` }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Refund…' }));
    const form = within(await screen.findByRole('dialog', { name: `Refund payment ${PAYMENT_ID}` }));
    expect((form.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('2.1415926');

    resetDom();
    stubApi({ signedInAs: 'support', routes });
    renderApp(`/users/${USER_UID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: `Actions for payment ${PAYMENT_ID}` }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Open payment', 'Open user']);
  });

  it('shows on a refund’s page the payment it refunds, linked', async () => {
    stubApi({ signedInAs: 'support', routes: { [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail(reward({ refundOf: PAYMENT_ID }))) } });
    renderApp(`/rewards/${REWARD_ID}`);
    const header = (await screen.findByText('Refund of payment')).closest('header');
    if (!header) throw new Error('the refund of is not under the title');
    expect(within(header).getByRole('link', { name: PAYMENT_ID }).getAttribute('href')).toBe(`/payments/${PAYMENT_ID}`);
    const field = screen.getAllByRole('term').find((term) => term.textContent === 'Refund of')?.nextElementSibling;
    if (!(field instanceof HTMLElement)) throw new Error('no Refund of field');
    expect(within(field).getByRole('link', { name: PAYMENT_ID }).getAttribute('href')).toBe(`/payments/${PAYMENT_ID}`);
  });
});
