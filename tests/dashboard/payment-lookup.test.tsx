import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyLookup, lookupPath } from '../../dashboard/src/features/payments/payment-lookup.ts';
import { detail, PAYMENT_ID, TXID, USER_UID } from './support/payments.ts';
import { json, stubApi } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

describe('Classifying a look-up', () => {
  it.each([
    [PAYMENT_ID, { kind: 'payment', id: PAYMENT_ID }, `/payments/${PAYMENT_ID}`],
    [`  ${PAYMENT_ID}\n`, { kind: 'payment', id: PAYMENT_ID }, `/payments/${PAYMENT_ID}`],
    [TXID, { kind: 'txid', txid: TXID }, `/payments?txid=${TXID}`],
    [TXID.toUpperCase(), { kind: 'txid', txid: TXID }, `/payments?txid=${TXID}`],
    [USER_UID, { kind: 'uid', uid: USER_UID }, `/payments?uid=${USER_UID}`],
    ['user_42', { kind: 'uid', uid: 'user_42' }, '/payments?uid=user_42'],
    ['ada@example.com', { kind: 'uid', uid: 'ada@example.com' }, '/payments?uid=ada%40example.com'],
    // 27 and 29 characters are not payment ids, nor is 63 or 65 hex a txid.
    [PAYMENT_ID.slice(1), { kind: 'uid', uid: PAYMENT_ID.slice(1) }, `/payments?uid=${PAYMENT_ID.slice(1)}`],
    [`${PAYMENT_ID}x`, { kind: 'uid', uid: `${PAYMENT_ID}x` }, `/payments?uid=${PAYMENT_ID}x`],
    [TXID.slice(1), { kind: 'uid', uid: TXID.slice(1) }, `/payments?uid=${TXID.slice(1)}`],
  ])('takes %j as %j', (input, target, path) => {
    const lookup = classifyLookup(input);
    expect(lookup).toEqual({ ok: true, target });
    if (lookup.ok) expect(lookupPath(lookup.target)).toBe(path);
  });

  it.each([
    ['', 'Enter a payment id'],
    ['   ', 'Enter a payment id'],
    ['../x', 'cannot contain "/"'],
    ['a/b', 'cannot contain "/"'],
    ['a..b', 'cannot contain ".."'],
    ['a%2Fb', 'cannot contain "%"'],
    ['two words', 'cannot contain spaces'],
    ['a?b=c', 'cannot contain \\, ?, #'],
    ['x'.repeat(65), 'longer than 64'],
    ['incomplete_server_payments', 'platform path, not an id'],
  ])('refuses %j', (input, problem) => {
    const lookup = classifyLookup(input);
    expect(lookup.ok).toBe(false);
    if (!lookup.ok) expect(lookup.problem).toContain(problem);
  });

  it('takes exactly 64 characters', () => {
    expect(classifyLookup('x'.repeat(64)).ok).toBe(true);
  });
});

function searchBox() {
  return screen.getByRole('searchbox', { name: 'Search payments' });
}

describe('Top-bar search', () => {
  it('opens a payment id on its detail page', async () => {
    stubApi({ routes: { [`GET /api/payments/${PAYMENT_ID}`]: () => json(detail()) } });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });

    await user.type(searchBox(), `${PAYMENT_ID}{Enter}`);

    await screen.findByRole('heading', { level: 1, name: '3.1415926 Plat Testnet · User to app · Awaiting completion' });
    expect(currentPath(router)).toBe(`/payments/${PAYMENT_ID}`);
    expect(searchBox()).toHaveProperty('value', '');
  });

  it('searches the index by txid and by uid', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });

    await user.type(searchBox(), `${TXID}{Enter}`);
    await screen.findByText('No payments in the index match these filters.');
    expect(currentPath(router)).toBe(`/payments?txid=${TXID}`);
    expect(api.requests.at(-1)?.url.searchParams.get('txid')).toBe(TXID);

    await user.type(searchBox(), `${USER_UID}{Enter}`);
    await screen.findByText(`No payments of user ${USER_UID} in the index. If that is a payment id,`, { exact: false });
    expect(currentPath(router)).toBe(`/payments?uid=${USER_UID}`);
    screen.getByRole('button', { name: `Remove filter User uid: ${USER_UID}` });
    expect(document.querySelector('input[name="uid"]')).toHaveProperty('value', USER_UID);
  });

  it.each(['a/b', '../x', 'incomplete_server_payments', 'x'.repeat(65), 'a%2e'])('refuses %j in place, before any request', async (input) => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });
    const before = api.requests.length;

    await user.type(searchBox(), `${input}{Enter}`);

    const problem = await screen.findByRole('alert');
    expect(searchBox().getAttribute('aria-invalid')).toBe('true');
    expect(searchBox().getAttribute('aria-describedby')).toBe(problem.id);
    expect(currentPath(router)).toBe('/');
    expect(api.requests.slice(before).filter((request) => request.url.pathname.startsWith('/api/payments'))).toEqual([]);

    await user.type(searchBox(), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an empty search with a hint', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });
    await user.click(searchBox());
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a payment id, a txid or a user uid.');
  });
});

describe('Search shortcuts', () => {
  it('shows the shortcut hints only while the field is empty, so they never sit under its clear button', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });
    const hints = () => screen.getByRole('search', { name: 'Payment look-up' }).querySelectorAll('kbd').length;
    expect(hints()).toBe(2);
    await user.type(searchBox(), 'abc');
    expect(hints()).toBe(0);
    await user.clear(searchBox());
    expect(hints()).toBe(2);
  });

  it('"/" focuses the search field, but types a slash when a field has focus', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/audit');
    await screen.findByRole('heading', { name: 'Audit log' });
    expect(document.activeElement).not.toBe(searchBox());

    await user.keyboard('/');
    expect(document.activeElement).toBe(searchBox());
    expect(searchBox()).toHaveProperty('value', '');

    const actor = within(screen.getByRole('search', { name: 'Filter the audit log' })).getByLabelText('Actor');
    await user.click(actor);
    await user.keyboard('a/b');
    expect(document.activeElement).toBe(actor);
    expect(actor).toHaveProperty('value', 'a/b');
  });

  it.each([
    ['Ctrl-K', { ctrlKey: true }],
    ['Cmd-K', { metaKey: true }],
  ])('%s focuses the search field from anywhere, even from another field', async (_name, modifier) => {
    stubApi();
    renderApp('/audit');
    await screen.findByRole('heading', { name: 'Audit log' });
    const actor = within(screen.getByRole('search', { name: 'Filter the audit log' })).getByLabelText('Actor');
    actor.focus();

    const event = { key: 'k', ...modifier };
    act(() => {
      fireEvent.keyDown(actor, event);
    });
    expect(document.activeElement).toBe(searchBox());
  });

  it('leaves a plain "k" alone', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });
    await user.keyboard('k');
    expect(document.activeElement).not.toBe(searchBox());
  });
});

describe('Look-up choices and recent look-ups', () => {
  it('asks about a short plain string instead of guessing, and does what is chosen', async () => {
    stubApi({ routes: { [`GET /api/payments/abc123`]: () => json({ error: { code: 'payment_not_found', message: 'No payment with this id on the platform.', requestId: 'r' } }, 404) } });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });

    await user.type(searchBox(), 'abc123{Enter}');
    const choice = screen.getByRole('group', { name: 'What is “abc123”?' });
    expect(currentPath(router)).toBe('/');
    await user.click(within(choice).getByRole('button', { name: 'Search as user uid' }));
    expect(currentPath(router)).toBe('/payments?uid=abc123');

    await user.type(searchBox(), 'abc123{Enter}');
    await user.click(screen.getByRole('button', { name: 'Open as payment id' }));
    expect(currentPath(router)).toBe('/payments/abc123');
  });

  it('offers recent look-ups under the empty box, kept in this browser', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });
    await user.type(searchBox(), `${TXID}{Enter}`);
    await user.type(searchBox(), `${USER_UID}{Enter}`);

    await user.click(searchBox());
    const recent = within(screen.getByRole('navigation', { name: 'Recent look-ups' }));
    expect(recent.getAllByRole('link').map((link) => link.textContent)).toEqual([USER_UID, TXID]);
    await user.click(recent.getByRole('link', { name: TXID }));
    expect(currentPath(router)).toBe(`/payments?txid=${TXID}`);
    expect(localStorage.getItem('plat-console.recent-lookups')).toContain(TXID);
  });
});
