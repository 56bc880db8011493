import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchPreview } from '../../dashboard/src/display/batch/batch-types.ts';
import type { BatchRow } from '../../dashboard/src/features/batches/api/get-batch-rows.ts';
import { batch } from './support/batches.ts';
import { apiError, json, stubApi, type FakeRoute } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { wallet } from './support/wallet.ts';

afterEach(resetDom);

const ID = '5e3c1a2b-4d6f-4a8b-9c0d-1e2f3a4b5c6d';
const RETRY_ID = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

function preview(overrides: Partial<BatchPreview['batch']> = {}): BatchPreview {
  return {
    batch: batch({ id: ID, flags: { duplicateRows: 0, duplicateUsers: 0, overCap: 1, unseenUsers: 0 }, atLedgerPace: { ledgerMs: 5_300, seconds: 11 }, ...overrides }),
    notes: [{ line: 4, uid: 'carol', userNames: null, problems: [{ column: 'amount', message: 'is over the per-reward cap of 100' }], warnings: [] }],
  };
}

/** The rows endpoint of a batch: the rows of each facet asked for, '' for every row; the facet asked is recorded. */
function rowsRoute(byFacet: Partial<Record<string, BatchRow[]>> = {}): FakeRoute {
  return ({ url }) => json({ rows: byFacet[url.searchParams.get('facet') ?? ''] ?? [], nextAfter: null });
}

/** The fake server with the batches' rows endpoints answering (no rows unless given), and `routes` over them. */
function stubBatchApi({ rows, routes = {}, ...options }: Parameters<typeof stubApi>[0] & { rows?: Partial<Record<string, BatchRow[]>> }) {
  return stubApi({ ...options, routes: { [`GET /api/rewards/batches/${ID}/rows`]: rowsRoute(rows), [`GET /api/rewards/batches/${RETRY_ID}/rows`]: rowsRoute(), ...routes } });
}

describe('A reward batch', () => {
  it('shows the preview with the reason per row, lets a second manager approve it, and shows its progress and results', async () => {
    let current = preview();
    const api = stubBatchApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () => json(current),
        [`POST /api/rewards/batches/${ID}/approve`]: () => {
          current = preview({ state: 'running', progress: { done: 1, failed: 0, cancelled: 0, remaining: 1, blocked: 0, total: 2, ratePerSecond: 2, secondsLeft: 1 } });
          return json({ batch: current.batch });
        },
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByRole('cell', { name: 'amount: is over the per-reward cap of 100' });
    // Only the one who uploaded it withdraws it while it waits.
    expect(screen.queryByRole('button', { name: 'Cancel the rows not started' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this batch?' });
    expect(dialog.textContent).toContain('The console starts paying 2 rows, 3.5 in all, as other-manager@sandbox.local asked.');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve batch' }));
    await screen.findByRole('progressbar', { name: 'Rows settled' });
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByText(/1 paid · 0 failed · 0 cancelled · 1 to go/);
    expect(screen.getByRole('link', { name: 'Download every row (CSV)' }).getAttribute('href')).toBe(`/api/rewards/batches/${ID}/results.csv`);
    expect(api.requests.some((request) => request.method === 'POST' && request.url.pathname.endsWith('/approve'))).toBe(true);
  });

  it('links the earlier reward a row looks like, in its warning', async () => {
    const earlierId = 'a0000000-0000-4000-8000-000000000001';
    const warning = { column: 'uid', message: 'the same amount with the same memo was asked for this user by ops@sandbox.local at 2026-05-15T07:00:00.000Z', rewardId: earlierId };
    stubBatchApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json({ ...preview(), notes: [{ line: 2, uid: 'alice', problems: [], warnings: [warning] }] }) } });
    renderApp(`/rewards/batches/${ID}`);
    const cell = await screen.findByRole('cell', { name: /uid: the same amount with the same memo was asked for this user/ });
    expect(within(cell).getByRole('link', { name: 'Open that reward' }).getAttribute('href')).toBe(`/rewards/${earlierId}`);
  });

  it('offers no approval to the manager who uploaded it', async () => {
    stubBatchApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local' } })) } });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText('Awaiting approval');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('lets the manager who uploaded it withdraw it while it awaits approval', async () => {
    let current = preview({ requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local' } });
    const api = stubBatchApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () => json(current),
        [`POST /api/rewards/batches/${ID}/cancel`]: () => {
          current = preview({ state: 'cancelled', progress: { done: 0, failed: 0, cancelled: 2, remaining: 0, blocked: 0, total: 2, ratePerSecond: null, secondsLeft: null } });
          return json({ batch: current.batch });
        },
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this batch?' });
    expect(dialog.textContent).toContain('None of its rows is paid, and nobody can approve it any more.');
    expect(within(dialog).getByRole('button', { name: 'Keep waiting' })).toBe(document.activeElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw batch' }));
    await screen.findByText('Cancelled');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([`/api/rewards/batches/${ID}/cancel`]);
  });

  it('asks before starting it, and keeps the question open with the refusal when the server says no', async () => {
    const api = stubBatchApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'previewed', requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local' } })),
        [`POST /api/rewards/batches/${ID}/start`]: () => apiError(409, 'daily_total_exceeded', 'Paying this batch would take you over your daily total.'),
      },
    });
    const user = userEvent.setup();
    renderApp(`/rewards/batches/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Start paying' }));
    let dialog = screen.getByRole('dialog', { name: 'Start paying this batch?' });
    expect(dialog.textContent).toContain('The console pays 2 rows, 3.5 in all, each once. Rows with problems are not paid.');
    expect(within(dialog).getByRole('button', { name: 'Not yet' })).toBe(document.activeElement);
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Start paying' }));
    dialog = screen.getByRole('dialog', { name: 'Start paying this batch?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start paying' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Paying this batch would take you over your daily total.');
    expect(screen.getByRole('dialog', { name: 'Start paying this batch?' })).toBe(dialog);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks before cancelling a running batch, and pauses it without asking', async () => {
    const api = stubBatchApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'running' })),
        [`POST /api/rewards/batches/${ID}/pause`]: () => json({ batch: preview({ state: 'paused' }).batch }),
      },
    });
    const user = userEvent.setup();
    renderApp(`/rewards/batches/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel the rows not started' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this batch?' });
    expect(dialog.textContent).toContain('Rows not started yet are not paid; rows being paid now finish.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the batch' }));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await expect.poll(() => api.requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([`/api/rewards/batches/${ID}/pause`]);
  });

  it('shows live progress, with blocked rows apart and the time left only for the others, at one payment per ledger', async () => {
    stubBatchApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () =>
          json(
            preview({
              state: 'running',
              progress: { done: 30, failed: 2, cancelled: 0, remaining: 68, blocked: 3, total: 100, ratePerSecond: 1.6, secondsLeft: 345 },
              atLedgerPace: { ledgerMs: 5_300, seconds: 530 },
            }),
          ),
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    const bar = await screen.findByRole('progressbar', { name: 'Rows settled' });
    expect(bar.getAttribute('aria-valuetext')).toBe('32 of 100');
    screen.getByText('30 paid · 2 failed · 0 cancelled · 65 to go · 3 blocked · 1.6 rows/s');
    screen.getByText(
      '3 rows are blocked by an unfinished payment: they go on once it is completed or cancelled, so no time can be given for them. The other 65 rows take about 6 min at one payment every 5.3 s.',
    );
    expect(screen.queryByText(/^Time left/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
  });

  it('says before it starts how long the batch takes at the network’s pace', async () => {
    stubBatchApi({
      signedInAs: 'manager',
      routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'previewed', valid: 10_000, atLedgerPace: { ledgerMs: 5_300, seconds: 53_000 } })) },
    });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText(/^10,000 rows: about 14 h 44 min at one payment every 5\.3 s\./);
  });

  it('keeps reading a running batch whose last row has settled, until it shows it finished', async () => {
    const settled = { done: 2, failed: 0, cancelled: 0, remaining: 0, blocked: 0, total: 2, ratePerSecond: 1, secondsLeft: 0 };
    let reads = 0;
    stubBatchApi({
      signedInAs: 'manager',
      routes: {
        // The last row has settled, and the batch is still running until the runner's next pass ends it.
        [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: ++reads < 3 ? 'running' : 'finished', progress: settled })),
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText('Paying');
    await screen.findByText('Finished');
  });

  it('retries the failed rows of a finished batch as a new batch and opens its preview', async () => {
    const finished = preview({ state: 'finished', progress: { done: 1, failed: 1, cancelled: 0, remaining: 0, blocked: 0, total: 2, ratePerSecond: 0.5, secondsLeft: 0 }, failedRows: { retryable: 1, leftOut: 0 } });
    const retried = preview({ id: RETRY_ID, state: 'previewed', fileName: 'winners.csv', retryOf: ID, rows: 1, valid: 1, invalid: 0, users: 1, total: '1.5', progress: { done: 0, failed: 0, cancelled: 0, remaining: 0, blocked: 0, total: 0, ratePerSecond: null, secondsLeft: null } });
    const api = stubBatchApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () => json(finished),
        [`GET /api/rewards/batches/${RETRY_ID}`]: () => json(retried),
        [`POST /api/rewards/batches/${ID}/retry-failed`]: () => json(retried, 201),
      },
    });
    const { router } = renderApp(`/rewards/batches/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry 1 failed row as a new batch' }));
    await expect.poll(() => currentPath(router)).toBe(`/rewards/batches/${RETRY_ID}`);
    await screen.findByText('Previewed: nothing paid yet');
    screen.getByRole('button', { name: 'Start paying' });
    expect(screen.getByRole('link', { name: 'an earlier batch' }).getAttribute('href')).toBe(`/rewards/batches/${ID}`);
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([`/api/rewards/batches/${ID}/retry-failed`]);
  });
});

describe('a batch and the wallet’s funds', () => {
  it('says before start that the wallet cannot pay it, and how much is missing', async () => {
    stubBatchApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'previewed', shortfallToStart: '12.02' })) } });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText(/Needs funds: 12\.02 more before it can be paid/);
  });

  it('says before start that the wallet can pay it', async () => {
    stubBatchApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'previewed', shortfallToStart: '0' })) } });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText(/The app wallet can pay these rows and their fees/);
  });

  it('says, paused, how much the wallet lacks and that it goes on by itself once funded', async () => {
    stubBatchApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'paused', needsFunds: '2.51' })) } });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText(/Needs funds: 2\.51 more/);
    screen.getByText('Paused: needs funds');
  });
});

const BLOCKING = 'Bq3x9TkLm2Vw8Zr5Yp1Nc4Hd7Fg6';
const TXID = 'a'.repeat(64);

function row(overrides: Partial<BatchRow>): BatchRow {
  return {
    line: 2,
    uid: '0b7f2c4e-9a1d-4e3b-8c5f-6d2a1b0c9e8f',
    userNames: null,
    amount: '1.5',
    memo: 'winner',
    state: 'completed',
    rewardId: null,
    paymentId: null,
    txid: null,
    transactionLink: null,
    blockedBy: null,
    error: null,
    reason: null,
    nextStep: null,
    ...overrides,
  };
}

const paidRow = row({ line: 2, rewardId: 'a0000000-0000-4000-8000-000000000002', paymentId: 'PaidPaymentId000000000000001', txid: TXID, transactionLink: `https://horizon.test/transactions/${TXID}` });
const missingScopeRow = row({
  line: 3,
  uid: 'c1d2e3f4-0000-4000-8000-000000000003',
  state: 'failed',
  rewardId: 'a0000000-0000-4000-8000-000000000003',
  error: { code: 'missing_scope', message: 'stored words' },
  reason: 'The user has not shared their wallet address with the app: they must sign in to the app again and allow it.',
  nextStep: 'Ask the user to do so: until then no retry can pay them.',
});
const blockedRow = row({
  line: 4,
  uid: 'd1d2e3f4-0000-4000-8000-000000000004',
  state: 'requested',
  rewardId: 'a0000000-0000-4000-8000-000000000004',
  blockedBy: BLOCKING,
  error: { code: 'ongoing_payment_found', message: 'stored words' },
  reason: `Blocked by the unfinished payment ${BLOCKING}.`,
  nextStep: 'Ops can complete or cancel it on the Incomplete payments page; this reward then goes on by itself.',
});
const invalidRow = row({ line: 5, uid: 'carol', amount: 'abc', state: 'invalid', reason: 'amount: is not a decimal number', nextStep: 'Correct this line in the file and upload it as a new batch (a manager).' });

const running = { done: 1, failed: 1, cancelled: 0, remaining: 1, blocked: 1, total: 3, ratePerSecond: 0.5, secondsLeft: 0 };
const runningFacets = { paid: 1, failed: 1, waiting: 0, blocked: 1, not_paid: 1 };

describe('the rows of a batch', () => {
  it('tell each row’s story: state, reason in words, next step, and the reward, transaction and blocking payment', async () => {
    stubBatchApi({
      signedInAs: 'manager',
      rows: { '': [paidRow, missingScopeRow, blockedRow, invalidRow] },
      routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'running', rows: 4, progress: running, facets: runningFacets })) },
    });
    renderApp(`/rewards/batches/${ID}`);
    const table = await screen.findByRole('table', { name: 'Rows of the batch' });
    const rowOf = async (line: number) => (await within(table).findByRole('cell', { name: String(line) })).closest('tr') as HTMLElement;
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Line', 'User', 'Amount', 'State', 'Reason', 'Next step', 'Reward and transaction']);

    const paid = await rowOf(2);
    within(paid).getByText('Completed');
    expect(within(paid).getByRole('link', { name: 'Reward' }).getAttribute('href')).toBe(`/rewards/${paidRow.rewardId}`);
    expect(within(paid).getByRole('link', { name: /^aaaa/ }).getAttribute('href')).toBe(paidRow.transactionLink);
    expect(within(paid).getByRole('link', { name: paidRow.uid }).getAttribute('href')).toBe(`/users/${paidRow.uid}`);

    const refused = await rowOf(3);
    within(refused).getByText('Failed');
    within(refused).getByText(missingScopeRow.reason ?? '');
    within(refused).getByText(missingScopeRow.nextStep ?? '');
    expect(refused.textContent).not.toContain('missing_scope');

    const blocked = await rowOf(4);
    within(blocked).getByText('Paying… (requested)');
    expect(within(blocked).getByRole('link', { name: BLOCKING }).getAttribute('href')).toBe(`/payments/${BLOCKING}`);
    expect(blocked.textContent).toContain(`Blocked by the unfinished payment ${BLOCKING}.`);
    expect(within(blocked).getByRole('link', { name: 'Open Incomplete payments' }).getAttribute('href')).toBe('/incomplete');

    const invalid = await rowOf(5);
    within(invalid).getByText('Not paid: a problem in the file');
    expect(invalid.textContent).toContain('amount: is not a decimal number');
  });

  it('shows facet chips with the server’s counts; a chip shows its rows and puts them in the URL, and a link opens them', async () => {
    const api = stubBatchApi({
      signedInAs: 'manager',
      rows: { '': [paidRow, missingScopeRow, blockedRow, invalidRow], failed: [missingScopeRow], blocked: [blockedRow] },
      routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'running', rows: 4, progress: running, facets: runningFacets })) },
    });
    const { router } = renderApp(`/rewards/batches/${ID}`);
    const chips = await screen.findByRole('navigation', { name: 'Rows shown' });
    expect(within(chips).getAllByRole('link').map((chip) => chip.textContent)).toEqual(['All rows 4', 'Paid 1', 'Failed 1', 'Waiting 0', 'Blocked 1', 'Not paid 1']);
    expect(within(chips).getByRole('link', { name: 'All rows 4' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(within(chips).getByRole('link', { name: 'Failed 1' }));
    await expect.poll(() => currentPath(router)).toBe(`/rewards/batches/${ID}?rows=failed`);
    const failed = await screen.findByRole('table', { name: 'Rows of the batch: failed' });
    await expect.poll(() => within(failed).queryAllByRole('row').length).toBe(2);
    within(failed).getByText(missingScopeRow.reason ?? '');
    expect(within(chips).getByRole('link', { name: 'Failed 1' }).getAttribute('aria-current')).toBe('page');
    expect(api.requests.some((request) => request.url.pathname.endsWith('/rows') && request.url.searchParams.get('facet') === 'failed')).toBe(true);
  });

  it('are read again when the batch moves on, so the last row to settle shows as settled once the batch has finished', async () => {
    let batchReads = 0;
    let rowReads = 0;
    stubBatchApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () =>
          json(
            ++batchReads === 1
              ? preview({ state: 'running', rows: 1, progress: { done: 0, failed: 0, cancelled: 0, remaining: 1, blocked: 0, total: 1, ratePerSecond: null, secondsLeft: 5 }, facets: { paid: 0, failed: 0, waiting: 1, blocked: 0, not_paid: 0 } })
              : preview({ state: 'finished', rows: 1, progress: { done: 1, failed: 0, cancelled: 0, remaining: 0, blocked: 0, total: 1, ratePerSecond: 1, secondsLeft: 0 }, facets: { paid: 1, failed: 0, waiting: 0, blocked: 0, not_paid: 0 } }),
          ),
        [`GET /api/rewards/batches/${ID}/rows`]: () => json({ rows: [++rowReads === 1 ? row({ state: 'submitted', rewardId: paidRow.rewardId }) : paidRow], nextAfter: null }),
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    const table = await screen.findByRole('table', { name: 'Rows of the batch' });
    await within(table).findByText('Paying… (on the ledger, completing)');
    await screen.findByText('Finished');
    await within(table).findByText('Completed');
  });

  it('opens the rows of the facet a link names', async () => {
    const api = stubBatchApi({
      signedInAs: 'manager',
      rows: { blocked: [blockedRow] },
      routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'running', rows: 4, progress: running, facets: runningFacets })) },
    });
    renderApp(`/rewards/batches/${ID}?rows=blocked`);
    const table = await screen.findByRole('table', { name: 'Rows of the batch: blocked' });
    await within(table).findByRole('link', { name: BLOCKING });
    expect(screen.getByRole('link', { name: 'Blocked 1' }).getAttribute('aria-current')).toBe('page');
    expect(api.requests.filter((request) => request.url.pathname.endsWith('/rows')).map((request) => request.url.searchParams.get('facet'))).toEqual(['blocked']);
  });
});

describe('the words of a batch page follow its state', () => {
  it('before start: who gets what, what the file’s checks found, no chips', async () => {
    stubBatchApi({
      signedInAs: 'manager',
      rows: { '': [row({ state: 'not_started', nextStep: 'Paid once a manager starts the batch.' }), invalidRow] },
      routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'previewed', progress: { done: 0, failed: 0, cancelled: 0, remaining: 0, blocked: 0, total: 0, ratePerSecond: null, secondsLeft: null } })) },
    });
    renderApp(`/rewards/batches/${ID}?rows=failed`);
    await screen.findByText('Nothing is paid yet. Check who gets what, then start: each valid row is paid as one reward, exactly once.');
    screen.getByRole('heading', { name: 'Who gets what' });
    const table = await screen.findByRole('table', { name: 'Rows of the batch' });
    await within(table).findByText('Not started');
    expect(screen.queryByRole('navigation', { name: 'Rows shown' })).toBeNull();
    screen.getByRole('table', { name: 'What the file’s checks found' });
  });

  it('after it ran: no word of checking before start, and the file’s checks say they are about the file, next to failed rows', async () => {
    stubBatchApi({
      signedInAs: 'manager',
      rows: { '': [paidRow, missingScopeRow] },
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () =>
          json({
            ...preview({ state: 'finished', progress: { done: 1, failed: 1, cancelled: 0, remaining: 0, blocked: 0, total: 2, ratePerSecond: 1, secondsLeft: 0 }, facets: { paid: 1, failed: 1, waiting: 0, blocked: 0, not_paid: 0 } }),
            notes: [],
          }),
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText('Finished: each row below says what became of it, and what to do about the rows that were not paid.');
    screen.getByRole('heading', { name: 'Each row' });
    expect(screen.queryByText(/before you start|Check who gets what/)).toBeNull();
    expect(screen.queryByText(/Every row is valid/)).toBeNull();
    screen.getByText('The file’s checks found no problem and nothing to warn about.');
    screen.getByText('1 paid · 1 failed · 0 cancelled · 0 to go · 1.0 rows/s');
    expect(screen.queryByText(/Time left/)).toBeNull();
  });

  it('say in the page’s title which file, how many rows, how much and where the batch stands', async () => {
    const finished = preview({ state: 'finished', rows: 7, valid: 7, invalid: 0, total: '8.75' });
    stubBatchApi({
      signedInAs: 'support',
      routes: { 'GET /api/wallet': () => json({ wallet: wallet({ network: 'Plat Testnet' }) }), [`GET /api/rewards/batches/${ID}`]: () => json(finished) },
    });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'winners.csv · 7 rows · 8.75 Plat Testnet · Finished' });
  });

  it('while every row still to go is blocked, gives no time left', async () => {
    stubBatchApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'running', progress: { done: 1, failed: 0, cancelled: 0, remaining: 1, blocked: 1, total: 2, ratePerSecond: 1, secondsLeft: 0 } })),
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText('1 row is blocked by an unfinished payment: they go on once it is completed or cancelled, so no time can be given for them.');
    screen.getByText('1 paid · 0 failed · 0 cancelled · 0 to go · 1 blocked · 1.0 rows/s');
  });

  it('while nothing is blocked, gives the time left at the network’s pace', async () => {
    stubBatchApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'running', progress: { done: 1, failed: 0, cancelled: 0, remaining: 2, blocked: 0, total: 3, ratePerSecond: 1, secondsLeft: 11 } })),
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText('Time left: about 11 s at one payment every 5.3 s.');
  });
});

describe('a batch preview worth approving', () => {
  it('says it needs approval over the threshold, gives the total with network fees and counts the users never seen', async () => {
    stubBatchApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () =>
          json(
            preview({
              state: 'previewed',
              requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local' },
              networkFees: '0.02',
              needsApprovalOver: '2',
              flags: { duplicateRows: 0, duplicateUsers: 0, overCap: 1, unseenUsers: 2 },
              progress: { done: 0, failed: 0, cancelled: 0, remaining: 0, blocked: 0, total: 0, ratePerSecond: null, secondsLeft: null },
            }),
          ),
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText('Needs approval: the total is over the threshold of 2. Once you start it, a second manager or admin must approve it before anything is paid.');
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Total')).toBe('3.5');
    expect(fact('Total with network fees')).toBe('3.52 (fees 0.02)');
    expect(fact('Users the console has never seen')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Start paying' }));
    expect(screen.getByRole('dialog', { name: 'Start paying this batch?' }).textContent).toContain('The total is over the approval threshold of 2: the batch first waits for a second manager or admin to approve it.');
  });

  it('says nothing of approval when the total is within the threshold', async () => {
    stubBatchApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'previewed' })) } });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText('Previewed: nothing paid yet');
    expect(screen.queryByText(/^Needs approval/)).toBeNull();
    expect(screen.queryByText('Total with network fees')).toBeNull();
  });
});

describe('retrying the failed rows of a batch', () => {
  const finishedWith = (failedRows: { retryable: number; leftOut: number }) =>
    preview({ state: 'finished', progress: { done: 1, failed: 3, cancelled: 0, remaining: 0, blocked: 0, total: 4, ratePerSecond: 1, secondsLeft: 0 }, failedRows });

  it('offers the rows a retry can pay and says which it leaves out, and why', async () => {
    stubBatchApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(finishedWith({ retryable: 1, leftOut: 2 })) } });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByRole('button', { name: 'Retry 1 failed row as a new batch' });
    const note = screen.getByText(/^Left out of the retry: 2 failed rows the platform refused for a reason no retry changes/);
    expect(within(note).getByRole('link', { name: 'See why and what to do' }).getAttribute('href')).toBe(`/rewards/batches/${ID}?rows=failed`);
  });

  it('offers no retry when no failed row can be paid by one', async () => {
    stubBatchApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(finishedWith({ retryable: 0, leftOut: 3 })) } });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText(/^Not offered for a retry: 3 failed rows the platform refused/);
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
  });
});
