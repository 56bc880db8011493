import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../bff/src/domain/roles.ts';
import type { Payment, TimelineEntry } from '../../dashboard/src/features/payments/api/get-payment.ts';
import { MOVING_PAYMENT_REFRESH_MS } from '../../dashboard/src/features/payments/api/get-payment.ts';
import { json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { detail, payment, PAYMENT_ID, timeline, TXID, USER_UID } from './support/payments.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const DETAIL = `GET /api/payments/${PAYMENT_ID}`;
const CANCEL = `POST /api/payments/${PAYMENT_ID}/cancel`;
const COMPLETE = `POST /api/payments/${PAYMENT_ID}/complete`;

const detailRequests = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'GET' && request.url.pathname === `/api/payments/${PAYMENT_ID}`);

/** 422 with the platform's code, as the console server passes a platform refusal on. */
function refusal(code: string, message: string, status = 400) {
  return json({ error: { code, message, requestId: `req-${code}`, upstream: { status, code, message } } }, 422);
}

async function openPayment({ current = payment(), role = 'ops', routes = {} }: { current?: Payment; role?: Role; routes?: Record<string, FakeRoute> } = {}) {
  const api = stubApi({ signedInAs: role, routes: { [DETAIL]: () => json(detail(current)), ...routes } });
  const user = userEvent.setup();
  const view = renderApp(`/payments/${PAYMENT_ID}`);
  await screen.findByRole('region', { name: 'Timeline' });
  return { api, user, ...view };
}

function header(): HTMLElement {
  const found = screen.getByRole('heading', { level: 1 }).closest('header');
  if (!found) throw new Error('no header');
  return found;
}

/** The next-step box, by its heading. */
const nextStep = (name: 'Needs a person' | 'What it waits for') => screen.getByRole('region', { name });

function field(label: string): HTMLElement {
  const term = screen.getAllByRole('term').find((element) => element.textContent === label);
  const definition = term?.nextElementSibling;
  if (!(definition instanceof HTMLElement)) throw new Error(`no field ${label}`);
  return definition;
}

describe('Payment detail', () => {
  it('shows every field, the flags, the state in words, the transaction link, metadata and copy buttons', async () => {
    await openPayment({ role: 'support' });

    expect(field('Payment id').textContent).toContain(PAYMENT_ID);
    within(field('Payment id')).getByRole('button', { name: 'Copy the payment id' });
    expect(field('State').textContent).toBe('Awaiting completion');
    expect(within(field('Status flags')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '✓Developer approved: yes',
      '✓Transaction verified: yes',
      '–Developer completed: no',
      '–Cancelled: no',
      '–User cancelled: no',
    ]);
    expect(field('Direction').textContent).toBe('User to app');
    expect(field('Amount').textContent).toBe('3.1415926 Plat Testnet');
    expect(field('Memo').textContent).toBe('Coffee for two');
    expect(field('User uid').textContent).toContain(USER_UID);
    expect(within(field('User uid')).getByRole('link', { name: 'Open the user' }).getAttribute('href')).toBe(`/users/${USER_UID}`);
    within(field('From address')).getByRole('button', { name: 'Copy the from address' });
    within(field('To address')).getByRole('button', { name: 'Copy the to address' });
    expect(field('Network').textContent).toBe('Plat Testnet');
    within(field('Transaction id')).getByRole('button', { name: 'Copy the txid' });
    const link = within(field('Transaction link')).getByRole('link');
    expect(link.getAttribute('href')).toBe(`https://horizon.example/transactions/${TXID}`);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByLabelText('Metadata JSON').textContent).toBe(JSON.stringify(payment().metadata, null, 2));
  });

  it('shows a javascript: transaction link as text only', async () => {
    await openPayment({ current: payment({ transaction: { txid: TXID, verified: true, _link: 'javascript:alert(1)' } }) });
    expect(within(field('Transaction link')).queryByRole('link')).toBeNull();
    expect(field('Transaction link').textContent).toContain('javascript:alert(1)');
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('shows the raw JSON on request', async () => {
    const { user } = await openPayment();
    expect(screen.queryByLabelText('Raw JSON')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show raw JSON' }));
    expect(screen.getByLabelText('Raw JSON').textContent).toBe(JSON.stringify(payment(), null, 2));
    expect(screen.getByRole('button', { name: 'Hide raw JSON' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('names a staff action by what came of it, one entry per move, and a request without an outcome of its own', async () => {
    const staffAction = (action: string, outcome: string, at: string): TimelineEntry => ({
      at,
      kind: 'staff_action',
      action,
      outcome,
      actor: 'ops@sandbox.local',
      upstreamCode: null,
      details: { reason: 'duplicate' },
    });
    const entries: TimelineEntry[] = [
      staffAction('payment.cancel.requested', 'ok', '2026-05-15T08:00:00.000Z'),
      staffAction('payment.cancel', 'failed', '2026-05-15T08:00:01.000Z'),
      staffAction('payment.complete.requested', 'ok', '2026-05-15T08:59:59.000Z'),
      staffAction('payment.complete', 'ok', '2026-05-15T09:00:00.000Z'),
      // The console's own read right after: what the complete did, not news.
      { at: '2026-05-15T09:00:02.000Z', kind: 'changed', state: 'completed', changes: ['developer_completed'], source: 'staff_action' },
      // Asked again later; its answer never came.
      staffAction('payment.complete.requested', 'ok', '2026-05-15T09:30:00.000Z'),
    ];
    await openPayment({ routes: { [DETAIL]: () => json(detail(payment(), entries)) } });
    const items = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Complete requested', 'Completed by staff', 'Cancel failed', 'Created on the platform']);
    expect(items[0]?.textContent).not.toMatch(/OK|Refused|Failed/);
  });

  it('says the platform’s answer to a staff action in words, with its code small, and nothing more for a plain yes', async () => {
    const answered = (upstreamCode: string, outcome: string, at: string): TimelineEntry => ({
      at,
      kind: 'staff_action',
      action: 'payment.complete',
      outcome,
      actor: 'ops@sandbox.local',
      upstreamCode,
      details: {},
    });
    const entries = [answered('timeout', 'unknown', '2026-05-15T08:00:00.000Z'), answered('ok', 'ok', '2026-05-15T09:00:00.000Z')];
    await openPayment({ routes: { [DETAIL]: () => json(detail(payment(), entries)) } });
    const [done, lost] = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(done?.textContent).toContain('Completed by staff');
    expect(done?.textContent).not.toMatch(/Platform|code|\bok\b/);
    expect(lost?.textContent).toContain('Complete sent, answer lost');
    expect(lost?.textContent).toContain('Platform’s answer:None in time. (code timeout)');
  });

  it('shows the timeline newest first: first seen, observed changes with the flags that changed, staff actions with actor, outcome, reason and platform code', async () => {
    // Given oldest first, shown newest first.
    await openPayment({ routes: { [DETAIL]: () => json(detail(payment(), timeline)) } });
    const items = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const [action, change, firstSeen, created] = items;
    expect(created?.textContent).toContain('Created on the platform');
    expect(action?.textContent).toContain('Cancel refused');
    expect(action?.textContent).not.toContain('Cancelled');
    expect(action?.textContent).toContain('Refused');
    expect(action?.textContent).toContain('By:ops@sandbox.local');
    expect(action?.textContent).toContain('Reason:Ticket 1234: user asked');
    expect(action?.textContent).toContain('Platform’s answer:A blockchain transaction is recorded for this payment, so it cannot be cancelled; complete it instead. (code payment_tx_present)');
    expect(change?.textContent).toContain('Changed: Transaction verified, Transaction');
    expect(change?.textContent).toContain('Awaiting completion');
    expect(firstSeen?.textContent).toContain('First seen by the console');
    expect(firstSeen?.textContent).toContain('a look-up');
  });

  it('merges in time order what happened on the platform and the blockchain with what the console saw, each with its source and the window of a change', async () => {
    await openPayment({
      routes: {
        [DETAIL]: () => json(detail(payment(), timeline)),
        [`GET /api/payments/${PAYMENT_ID}/ledger-time`]: () => json({ status: 'read', at: '2026-05-14T23:10:00.000Z', ledger: 77 }),
      },
    });
    const region = screen.getByRole('region', { name: 'Timeline' });
    await within(region).findByText('Transaction in the ledger');
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Cancel refused',
      'Changed: Transaction verified, Transaction',
      'Transaction in the ledger',
      'First seen by the console',
      'Created on the platform',
    ]);
    expect(items[0]?.textContent).toContain('Source:staff action');
    expect(items[1]?.textContent).toMatch(/Happened:between .+ and .+/);
    expect(within(items[1] as HTMLElement).getAllByRole('time').map((time) => time.getAttribute('datetime'))).toContain('2026-05-14T23:00:00.000Z');
    expect(items[2]?.textContent).toContain('Source:the blockchain (Horizon record of the transaction)');
    expect(items[2]?.textContent).toContain('Ledger:77');
    expect(items[4]?.textContent).toContain('Source:the platform’s record of the payment');
  });

  it('says when the ledger time could not be read, and still shows the page', async () => {
    await openPayment({
      routes: { [`GET /api/payments/${PAYMENT_ID}/ledger-time`]: () => json({ status: 'unavailable', reason: 'The ledger did not answer in time.' }) },
    });
    await screen.findByText('Could not read the ledger time of the transaction: The ledger did not answer in time.');
    screen.getByRole('heading', { level: 1, name: '3.1415926 Plat Testnet · User to app · Awaiting completion' });
  });

  it('shows times with their time zone, and switches to UTC with the setting', async () => {
    const { user } = await openPayment({ routes: { [DETAIL]: () => json(detail(payment(), timeline)) } });
    const created = () => within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('time').at(-1);
    await user.click(screen.getByRole('button', { name: 'UTC' }));
    expect(created()?.textContent).toMatch(/UTC/);
    await user.click(screen.getByRole('button', { name: 'UTC' }));
    expect(created()?.textContent).not.toBe('');
  });

  it('says when the platform has no payment with this id', async () => {
    stubApi({ routes: { [DETAIL]: () => json({ error: { code: 'payment_not_found', message: 'No payment with this id on the platform.', requestId: 'r' } }, 404) } });
    renderApp(`/payments/${PAYMENT_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payment not found');
    expect(alert.textContent).toContain('No payment with this id on the platform.');
    expect(within(alert).getByRole('link', { name: 'Search the index for a user with this uid instead' }).getAttribute('href')).toBe(`/payments?uid=${PAYMENT_ID}`);
  });

  it.each(['a..b', 'incomplete_server_payments', 'a%25b', 'x'.repeat(65)])('refuses the malformed id %j without asking the server', async (id) => {
    const api = stubApi();
    renderApp(`/payments/${encodeURIComponent(id)}`);
    expect((await screen.findByRole('alert')).textContent).toContain('This is not a payment id');
    expect(api.requests.filter((request) => request.url.pathname.startsWith('/api/payments'))).toEqual([]);
  });

  it('reads a moving payment again every 5 seconds, and stops once it is final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = payment();
    const api = stubApi({ routes: { [DETAIL]: () => json(detail(current)) } });
    renderApp(`/payments/${PAYMENT_ID}`);
    await screen.findByRole('region', { name: 'Timeline' });
    screen.getByText(/read again every 5 seconds/);
    const first = detailRequests(api.requests).length;

    current = payment({ state: 'completed', status: { ...payment().status, developer_completed: true } });
    await act(() => vi.advanceTimersByTimeAsync(MOVING_PAYMENT_REFRESH_MS));
    await expect.poll(() => field('State').textContent).toBe('Completed');
    expect(detailRequests(api.requests).length).toBe(first + 1);
    expect(screen.queryByText(/read again every 5 seconds/)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(MOVING_PAYMENT_REFRESH_MS * 3));
    expect(detailRequests(api.requests).length).toBe(first + 1);
  });
});

describe('Payment header', () => {
  const LEDGER_TIME = `GET /api/payments/${PAYMENT_ID}/ledger-time`;

  it('says how much, which way and where it stands, what happened in one sentence, and gives the id to copy and the transaction by name', async () => {
    await openPayment({ role: 'support', routes: { [LEDGER_TIME]: () => json({ status: 'read', at: '2026-05-14T23:10:00.000Z', ledger: 77 }) } });
    const top = within(header());
    expect(top.getByRole('heading', { level: 1 }).textContent).toBe('3.1415926 Plat Testnet · User to app · Awaiting completion');
    await expect.poll(() => header().textContent).toContain('(ledger 77)');
    expect(header().textContent).toMatch(/^.*Paid to the app by user 6f1c2b9e…5a6b7c on .+ \(ledger 77\); the platform verified it, but nobody has completed it yet\./);
    expect(top.getByRole('link', { name: 'user 6f1c2b9e…5a6b7c' }).getAttribute('href')).toBe(`/users/${USER_UID}`);
    expect(top.getAllByRole('time').map((time) => time.getAttribute('datetime'))).toEqual(['2026-05-14T23:10:00.000Z']);
    top.getByText(PAYMENT_ID);
    top.getByRole('button', { name: 'Copy the payment id' });
    const transaction = top.getByRole('link', { name: 'Transaction aaaaaaaa…bbbbbb on the blockchain' });
    expect(transaction.getAttribute('href')).toBe(`https://horizon.example/transactions/${TXID}`);
    expect(transaction.getAttribute('title')).toBe(`https://horizon.example/transactions/${TXID}`);
  });

  it('says who was paid and when for a completed app-to-user payment, and who completed it', async () => {
    const completed = payment({ direction: 'app_to_user', amount: '12.5', state: 'completed', status: { ...payment().status, developer_completed: true } });
    const entries: TimelineEntry[] = [
      { at: '2026-05-15T09:00:00.000Z', kind: 'staff_action', action: 'payment.complete', outcome: 'ok', actor: 'ops@sandbox.local', upstreamCode: 'ok', details: {} },
    ];
    await openPayment({
      current: completed,
      routes: { [DETAIL]: () => json(detail(completed, entries)), [LEDGER_TIME]: () => json({ status: 'read', at: '2026-05-14T23:10:00.000Z', ledger: 1000000 }) },
    });
    expect(within(header()).getByRole('heading', { level: 1 }).textContent).toBe('12.5 Plat Testnet · App to user · Completed');
    await expect.poll(() => header().textContent).toContain('(ledger 1000000)');
    expect(header().textContent).toMatch(/Paid to user 6f1c2b9e…5a6b7c on .+ \(ledger 1000000\); completed by ops@sandbox\.local on .+\./);
  });

  it('says what is known when the ledger time cannot be read', async () => {
    const completed = payment({ state: 'completed', status: { ...payment().status, developer_completed: true } });
    await openPayment({ current: completed, routes: { [LEDGER_TIME]: () => json({ status: 'unavailable', reason: 'The ledger did not answer in time.' }) } });
    await expect.poll(() => header().textContent).toContain('Paid to the app by user 6f1c2b9e…5a6b7c (when could not be read from the ledger).');
  });
});

describe('Payment next step', () => {
  it('for ops, says what is wrong with a payment paid but never completed, what to do and who can, with Complete at hand', async () => {
    await openPayment({ role: 'ops' });
    const box = nextStep('Needs a person');
    expect(box.textContent).toContain('The user paid and the platform verified the transaction, but the app never completed the payment.');
    expect(box.textContent).toContain('Complete it: the platform then marks it completed for good. Until then it holds up the user’s next payment.');
    expect(box.textContent).toContain('Ops and admins can complete it now: you can do it here.');
    within(box).getByRole('button', { name: 'Complete payment' });
  });

  it('for support, says the same and who to ask, with no button', async () => {
    await openPayment({ role: 'support' });
    const box = nextStep('Needs a person');
    expect(box.textContent).toContain('The user paid and the platform verified the transaction, but the app never completed the payment.');
    expect(box.textContent).toContain('Ops and admins can complete it now; your role cannot, so ask one of them.');
    expect(within(box).queryByRole('button')).toBeNull();
  });

  it('says an app-to-user payment paid but never completed holds up new rewards to the user', async () => {
    await openPayment({ current: payment({ direction: 'app_to_user' }) });
    const box = nextStep('Needs a person');
    expect(box.textContent).toContain('The app paid the user and the platform verified the transaction, but the app never completed the payment.');
    expect(box.textContent).toContain('Until then it holds up new rewards to this user.');
  });

  it('says a payment waiting for the user’s transaction may be cancelled if they gave up, and by whom', async () => {
    await openPayment({ current: payment({ state: 'awaiting_transaction', transaction: null, status: { ...payment().status, transaction_verified: false } }) });
    const box = nextStep('What it waits for');
    expect(box.textContent).toContain('The app approved it; the user has not sent their transaction yet.');
    expect(box.textContent).toContain('If they gave up, cancel it: nothing has been paid, and until it ends it holds up the user’s next payment.');
    expect(box.textContent).toContain('Ops and admins can cancel it: you can do it here.');
    within(box).getByRole('button', { name: 'Cancel payment' });
  });

  it('says an unverified transaction waits for the platform, and that nobody can complete it before', async () => {
    await openPayment({
      role: 'support',
      current: payment({ state: 'transaction_unverified', transaction: { txid: TXID, verified: false, _link: '' }, status: { ...payment().status, transaction_verified: false } }),
    });
    const box = nextStep('What it waits for');
    expect(box.textContent).toContain('The user sent their transaction, but the platform has not verified it yet.');
    expect(box.textContent).toContain('Nobody can complete it before the platform verifies it');
  });
});

describe('Payment actions', () => {
  it('are not offered to roles without payments:act', async () => {
    await openPayment({ role: 'support' });
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete payment' })).toBeNull();
  });

  it('are offered to ops and admins', async () => {
    await openPayment({ role: 'admin' });
    const actions = within(screen.getByRole('region', { name: 'Actions' }));
    actions.getByRole('button', { name: 'Cancel payment' });
    actions.getByRole('button', { name: 'Complete payment' });
  });

  const notCompletable: [string, Partial<Payment>][] = [
    ['no transaction', { state: 'awaiting_transaction', transaction: null, status: { ...payment().status, transaction_verified: false } }],
    ['an unverified transaction', { state: 'transaction_unverified', transaction: { txid: TXID, verified: false, _link: '' }, status: { ...payment().status, transaction_verified: false } }],
    ['a transaction whose flag is unset although the transaction says verified', { state: 'transaction_unverified', status: { ...payment().status, transaction_verified: false } }],
    ['a transaction that says unverified although the flag is set', { state: 'transaction_unverified', transaction: { txid: TXID, verified: false, _link: '' } }],
    ['a completed payment', { state: 'completed', status: { ...payment().status, developer_completed: true } }],
    ['a cancelled payment', { state: 'cancelled', status: { ...payment().status, cancelled: true } }],
    ['a payment the user cancelled', { state: 'cancelled_by_user', status: { ...payment().status, user_cancelled: true } }],
  ];

  it.each(notCompletable)('do not offer Complete for %s', async (_name, overrides) => {
    await openPayment({ current: payment(overrides) });
    expect(screen.queryByRole('button', { name: 'Complete payment' })).toBeNull();
  });

  it('do not offer Cancel once a payment is final, nor a next step', async () => {
    await openPayment({ current: payment({ state: 'completed', status: { ...payment().status, developer_completed: true } }) });
    expect(screen.queryByRole('button', { name: 'Cancel payment' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Needs a person' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'What it waits for' })).toBeNull();
  });

  it('cancel asks for a reason, names the payment, and shows a payment_tx_present refusal in plain words', async () => {
    const { api, user } = await openPayment({
      current: payment({ state: 'awaiting_transaction', transaction: null, status: { ...payment().status, transaction_verified: false } }),
      routes: { [CANCEL]: () => refusal('payment_tx_present', 'cannot cancel: a blockchain transaction has been recorded') },
    });

    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    const dialog = screen.getByRole('dialog', { name: `Cancel payment ${PAYMENT_ID}?` });
    expect(dialog.textContent).toContain('3.1415926 Plat Testnet');
    expect(dialog.textContent).toContain(USER_UID);
    expect(dialog.textContent).toContain('marked cancelled for good and can never be completed');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(document.activeElement).toBe(reason);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    within(dialog).getByText('Enter a reason: it is kept in the audit log with your name.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(reason, 'Ticket 1234: user asked');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('A blockchain transaction is recorded for this payment, so it cannot be cancelled; complete it instead.');
    expect(alert.textContent).toContain('payment_tx_present');
    expect(alert.textContent).toContain('cannot cancel: a blockchain transaction has been recorded');
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/payments/${PAYMENT_ID}/cancel`);
    expect(post?.body).toEqual({ reason: 'Ticket 1234: user asked' });
    expect(post?.headers.get('X-Plat-Console')).toBe('1');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('cancel, once done, closes the dialog and reads the payment again', async () => {
    let current = payment({ state: 'awaiting_transaction', transaction: null, status: { ...payment().status, transaction_verified: false } });
    const { api, user } = await openPayment({
      current,
      routes: {
        [DETAIL]: () => json(detail(current)),
        [CANCEL]: () => {
          current = { ...current, state: 'cancelled', status: { ...current.status, cancelled: true } };
          return json({ payment: current });
        },
      },
    });
    const before = detailRequests(api.requests).length;

    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Duplicate order');
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));

    await screen.findByText('The payment is cancelled.');
    expect(screen.queryByRole('dialog')).toBeNull();
    await expect.poll(() => field('State').textContent).toBe('Cancelled');
    expect(detailRequests(api.requests).length).toBeGreaterThan(before);
  });

  it('complete says it uses the payment’s own txid, sends no body, and refreshes', async () => {
    let current = payment();
    const { api, user } = await openPayment({
      routes: {
        [DETAIL]: () => json(detail(current)),
        [COMPLETE]: () => {
          current = { ...current, state: 'completed', status: { ...current.status, developer_completed: true } };
          return json({ payment: current });
        },
      },
    });

    await user.click(screen.getByRole('button', { name: 'Complete payment' }));
    const dialog = screen.getByRole('dialog', { name: `Complete payment ${PAYMENT_ID}?` });
    expect(dialog.textContent).toContain(`with the payment’s own transaction id, ${TXID}`);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm completion' }));

    await screen.findByText('The payment is completed.');
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/payments/${PAYMENT_ID}/complete`);
    expect(post?.body).toBeNull();
    expect(post?.headers.get('X-Plat-Console')).toBe('1');
    await expect.poll(() => field('State').textContent).toBe('Completed');
    expect(screen.queryByRole('button', { name: 'Complete payment' })).toBeNull();
  });

  it.each([
    [() => json({ error: { code: 'not_completable', message: 'This payment cannot be completed: It has no blockchain transaction yet.', requestId: 'r' } }, 409), 'needs a verified blockchain transaction'],
    [() => refusal('already_completed', 'Payment already completed'), 'already completed'],
    [() => json({ error: { code: 'upstream_timeout', message: 'The Platform API did not answer in time.', requestId: 'r', upstream: { status: null, code: 'timeout', message: 'timed out' } } }, 504), 'may or may not have happened'],
  ])('complete closes on a refusal and shows it on the page in plain words (%#)', async (answer, words) => {
    const { user } = await openPayment({ routes: { [COMPLETE]: answer } });
    await user.click(screen.getByRole('button', { name: 'Complete payment' }));
    await user.click(screen.getByRole('button', { name: 'Confirm completion' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('complete’s dialog is left with “Keep as is”, which changes nothing', async () => {
    const { api, user } = await openPayment();
    await user.click(screen.getByRole('button', { name: 'Complete payment' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep as is' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('lead with the safe one: for a verified transaction Complete is primary and Cancel secondary, not red', async () => {
    await openPayment({ role: 'ops' });
    const buttons = within(within(nextStep('Needs a person')).getByRole('region', { name: 'Actions' })).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Complete payment', 'Cancel payment']);
    const [complete, cancel] = buttons;
    expect(complete?.className).toContain('bg-indigo-600');
    expect(cancel?.className).not.toMatch(/bg-red|bg-indigo/);
  });

  it('make Cancel the red one where nothing has been paid', async () => {
    await openPayment({ current: payment({ state: 'awaiting_transaction', transaction: null, status: { ...payment().status, transaction_verified: false } }) });
    expect(screen.getByRole('button', { name: 'Cancel payment' }).className).toContain('bg-red-600');
  });
});

describe('Cancel dialog', () => {
  it('says one thing where nothing has been paid: the payment ends for good and no money moves', async () => {
    const { user } = await openPayment({ current: payment({ state: 'awaiting_transaction', transaction: null, status: { ...payment().status, transaction_verified: false } }) });
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    const dialog = screen.getByRole('dialog', { name: `Cancel payment ${PAYMENT_ID}?` });
    expect(dialog.textContent).toContain(
      'Nothing has been paid. Cancelling tells the platform this payment will not go ahead: it is marked cancelled for good and can never be completed, and no money moves. The user can then start a new payment.',
    );
    expect(dialog.textContent).not.toMatch(/refuse|complete it instead/i);
    expect(within(dialog).queryByRole('button', { name: 'Complete it instead' })).toBeNull();
    within(dialog).getByRole('button', { name: 'Confirm cancellation' });
  });

  it('says one thing where the user paid: the money has moved, the platform refuses, complete it instead, and offers that', async () => {
    const { api, user } = await openPayment();
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    const dialog = screen.getByRole('dialog', { name: `Cancel payment ${PAYMENT_ID}?` });
    expect(dialog.textContent).toContain(
      'A blockchain transaction is recorded for this payment, so the money has already moved. Cancelling would not send it back, and the platform refuses to cancel a payment with a recorded transaction: complete it instead.',
    );
    expect(dialog.textContent).not.toMatch(/no money moves|nothing has been paid/i);
    within(dialog).getByRole('button', { name: 'Try to cancel anyway' });

    await user.click(within(dialog).getByRole('button', { name: 'Complete it instead' }));
    expect(screen.queryByRole('dialog', { name: `Cancel payment ${PAYMENT_ID}?` })).toBeNull();
    screen.getByRole('dialog', { name: `Complete payment ${PAYMENT_ID}?` });
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says to complete it once verified where the transaction is not verified yet, with nothing to complete now', async () => {
    const { user } = await openPayment({
      current: payment({ state: 'transaction_unverified', transaction: { txid: TXID, verified: false, _link: '' }, status: { ...payment().status, transaction_verified: false } }),
    });
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    const dialog = screen.getByRole('dialog', { name: `Cancel payment ${PAYMENT_ID}?` });
    expect(dialog.textContent).toContain('the platform refuses to cancel a payment with a recorded transaction: once the platform verifies the transaction, complete it instead.');
    expect(within(dialog).queryByRole('button', { name: 'Complete it instead' })).toBeNull();
  });
});
