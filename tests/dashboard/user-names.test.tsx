import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../dashboard/src/features/audit/api/get-audit-events.ts';
import type { AuditViewer } from '../../dashboard/src/features/audit/audit-referents.ts';
import { sentenceText, type Sentence } from '../../dashboard/src/features/audit/audit-sentence-parts.ts';
import { auditSentence } from '../../dashboard/src/features/audit/audit-sentence.ts';
import type { BatchRow } from '../../dashboard/src/features/batches/api/get-batch-rows.ts';
import { shortenMiddle } from '../../dashboard/src/lib/shorten-middle.ts';
import { auditEvent } from './support/audit.ts';
import { batch, BATCH_ID } from './support/batches.ts';
import { json, stubApi } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { detail, indexedPayment, payment, PAYMENT_ID, USER_UID } from './support/payments.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { reward } from './support/rewards.ts';

afterEach(resetDom);

const NAMED = '4c4201b5-0aa1-4acc-8d26-d75254885529';
const ANA = { username: 'ana_p', displayName: 'Ana Pereira' };
const OTHER_PAYMENT_ID = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa98';

/** The cell (or field) a named user's link sits in: the name, the username and the shortened uid, to copy. */
function expectNamedCell(link: HTMLElement, to: string) {
  expect(link.getAttribute('href')).toBe(to);
  const cell = link.closest<HTMLElement>('td, dd');
  if (!cell) throw new Error('the name is in no cell');
  expect(within(cell).getByText(shortenMiddle(NAMED, 8, 5))).toBeTruthy();
  within(cell).getByRole('button', { name: `Copy user uid ${NAMED}` });
}

/** An unnamed user's cell: the shortened uid alone (its full uid for screen readers), linked as before names. */
function expectUnnamedCell(uid: string, to: string) {
  const link = screen.getByRole('link', { name: uid });
  expect(link.getAttribute('href')).toBe(to);
  expect(link.textContent).toBe(`${shortenMiddle(uid, 8, 5)}${uid}`);
}

describe('The app’s names of its users in the console', () => {
  it('shows a named user by name over the shortened uid in the payments table, and a user without a name by the uid', async () => {
    stubApi({
      routes: {
        'GET /api/payments': () => json({ payments: [indexedPayment({ identifier: OTHER_PAYMENT_ID, user_uid: NAMED, userNames: ANA }), indexedPayment()], nextCursor: null }),
      },
    });
    renderApp('/payments');
    expectNamedCell(await screen.findByRole('link', { name: 'Ana Pereira @ana_p' }), `/users/${NAMED}`);
    expectUnnamedCell(USER_UID, `/users/${USER_UID}`);
  });

  it('shows the username when the app gave no display name, in the rewards table', async () => {
    stubApi({
      signedInAs: 'manager',
      routes: { 'GET /api/rewards': () => json({ rewards: [reward({ uid: NAMED, userNames: { username: 'ana_p', displayName: null } }), reward({ id: 'c0000000-0000-4000-8000-000000000001' })], nextCursor: null }) },
    });
    renderApp('/rewards');
    expectNamedCell(await screen.findByRole('link', { name: 'ana_p' }), `/rewards?uid=${NAMED}`);
    expectUnnamedCell(USER_UID, `/rewards?uid=${USER_UID}`);
  });

  it('shows names in a batch’s rows and its preview’s flagged rows', async () => {
    const row = (line: number, uid: string, userNames: BatchRow['userNames']): BatchRow => ({
      line, uid, userNames, amount: '1', memo: 'winner', state: 'not_started', rewardId: null, paymentId: null, txid: null, transactionLink: null, blockedBy: null, error: null, reason: null, nextStep: null,
    });
    stubApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${BATCH_ID}`]: () => json({ batch: batch(), notes: [{ line: 4, uid: NAMED, userNames: ANA, problems: [{ column: 'amount', message: 'is over the per-reward cap of 100' }], warnings: [] }] }),
        [`GET /api/rewards/batches/${BATCH_ID}/rows`]: () => json({ rows: [row(2, NAMED, ANA), row(3, USER_UID, null)], nextAfter: null }),
      },
    });
    renderApp(`/rewards/batches/${BATCH_ID}`);
    const note = await screen.findByRole('cell', { name: 'amount: is over the per-reward cap of 100' });
    expect(note.closest('tr')?.textContent).toContain('Ana Pereira @ana_p');
    expectNamedCell(await screen.findByRole('link', { name: 'Ana Pereira @ana_p' }), `/users/${NAMED}`);
    expectUnnamedCell(USER_UID, `/users/${USER_UID}`);
  });

  it('names the user on a payment’s page: its story and its fields', async () => {
    stubApi({ routes: { [`GET /api/payments/${PAYMENT_ID}`]: () => json(detail(payment({ user_uid: NAMED }), [], ANA)) } });
    renderApp(`/payments/${PAYMENT_ID}`);
    const story = await screen.findByText(/Paid to the app by/);
    expect(within(story).getByRole('link', { name: 'Ana Pereira' }).getAttribute('href')).toBe(`/users/${NAMED}`);
    expectNamedCell(screen.getByRole('link', { name: 'Ana Pereira @ana_p' }), `/users/${NAMED}`);
  });

  it('titles a named user’s page with their name, and an unnamed one’s with the uid', async () => {
    const summary = { uid: NAMED, userNames: ANA, walletAddress: null, totals: [], blocking: [], staffActions: [] };
    stubApi({ routes: { [`GET /api/users/${NAMED}`]: () => json(summary), [`GET /api/users/${USER_UID}`]: () => json({ ...summary, uid: USER_UID, userNames: null }) } });
    const { router } = renderApp(`/users/${NAMED}`);
    await screen.findByRole('heading', { level: 1, name: 'Ana Pereira' });
    screen.getByText('@ana_p');
    await router.navigate(`/users/${USER_UID}`);
    await screen.findByRole('heading', { level: 1, name: `User ${USER_UID}` });
  });
});

describe('The app’s names in the audit log', () => {
  const viewer: AuditViewer = { can: () => true };
  const links = (sentence: Sentence) => sentence.flatMap((part) => (typeof part !== 'string' && part.to ? [[part.text, part.to, part.title]] : []));
  // The console acting by itself: no actor, no request.
  const event = (overrides: Partial<AuditEvent>) => auditEvent({ actor: null, actorName: null, clientIp: null, requestId: null, ...overrides });

  it('says a reward’s and a payment’s user by name, the uid on hover, and a user without a name by the uid', () => {
    const rewardId = 'a04f3d89-6c3b-4176-8d86-4e5f60718293';
    const named = auditSentence(event({ action: 'reward.complete', target: `reward:${rewardId}`, subject: { kind: 'reward', uid: NAMED, userNames: ANA, amount: '30' } }), viewer);
    expect(sentenceText(named)).toBe('The console completed a reward of 30 to Ana Pereira');
    expect(links(named)).toContainEqual(['Ana Pereira', `/users/${NAMED}`, NAMED]);
    const paymentEvent = event({ action: 'payment.cancel', target: `payment:${PAYMENT_ID}`, subject: { kind: 'payment', uid: USER_UID, userNames: null, amount: '3', direction: 'user_to_app' } });
    expect(sentenceText(auditSentence(paymentEvent, viewer))).toBe(`The console cancelled payment ${shortenMiddle(PAYMENT_ID)} of 3 from ${shortenMiddle(USER_UID)}`);
  });

  it('says who set the app’s names of one user, by the name they now have, and of many, by their count', () => {
    const one = auditSentence(event({ action: 'user_names.set', target: `user:${NAMED}`, subject: { kind: 'user', userNames: ANA }, details: { count: 1 } }), viewer);
    expect(sentenceText(one)).toBe('The console set the app’s names of Ana Pereira');
    expect(links(one)).toEqual([['Ana Pereira', `/users/${NAMED}`, NAMED]]);
    const cleared = auditSentence(event({ action: 'user_names.set', target: `user:${NAMED}`, subject: null, details: { count: 1 } }), viewer);
    expect(sentenceText(cleared)).toBe(`The console set the app’s names of user ${shortenMiddle(NAMED)}`);
    const many = auditSentence(event({ action: 'user_names.set', target: null, details: { count: 1000 } }), viewer);
    expect(sentenceText(many)).toBe('The console set the app’s names of 1000 users');
  });
});

describe('Finding users by name in the top bar', () => {
  it('lists the users whose name starts with what is typed, and opens the one chosen', async () => {
    const api = stubApi({
      routes: {
        'GET /api/users': ({ url }) =>
          json({ users: url.searchParams.get('q')?.toLowerCase().startsWith('ana') ? [{ uid: NAMED, userNames: ANA, lastPayments: [] }, { uid: 'anatole-uid', userNames: null, lastPayments: [] }] : [] }),
        [`GET /api/users/${NAMED}`]: () => json({ uid: NAMED, userNames: ANA, walletAddress: null, totals: [], blocking: [], staffActions: [] }),
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });
    const box = screen.getByRole('searchbox', { name: 'Search payments' });

    await user.type(box, 'ana');
    const users = await screen.findByRole('navigation', { name: 'Users' });
    expect(api.requests.filter((request) => request.url.pathname === '/api/users').at(-1)?.url.searchParams.get('q')).toBe('ana');
    const [first, second] = within(users).getAllByRole('link');
    expect(first?.textContent).toBe(`Ana Pereira @ana_p${shortenMiddle(NAMED, 8, 5)}`);
    expect(second?.textContent).toBe('anatole-uid');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Ana Pereira' });
    expect(currentPath(router)).toBe(`/users/${NAMED}`);
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('navigation', { name: 'Users' })).toBeNull();
  });
});
