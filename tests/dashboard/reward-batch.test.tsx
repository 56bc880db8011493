import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchPreview } from '../../dashboard/src/features/batches/api/get-batch.ts';
import { apiError, json, stubApi } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const ID = '5e3c1a2b-4d6f-4a8b-9c0d-1e2f3a4b5c6d';
const RETRY_ID = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

function preview(batch: Partial<BatchPreview['batch']> = {}): BatchPreview {
  return {
    batch: {
      id: ID,
      state: 'awaiting_approval',
      fileName: 'winners.csv',
      requestedBy: { id: 'someone-else', email: 'other-manager@sandbox.local' },
      approvedBy: null,
      rejection: null,
      retryOf: null,
      rows: 3,
      valid: 2,
      invalid: 1,
      users: 2,
      total: '3.5',
      flags: { duplicateRows: 0, duplicateUsers: 0, overCap: 1 },
      progress: { done: 0, failed: 0, cancelled: 0, remaining: 2, blocked: 0, total: 2, ratePerSecond: null, secondsLeft: null },
      atLedgerPace: { ledgerMs: 5_300, seconds: 11 },
      createdAt: '2026-05-15T08:00:00.000Z',
      startedAt: '2026-05-15T08:01:00.000Z',
      finishedAt: null,
      needsFunds: null,
      shortfallToStart: null,
      ...batch,
    },
    notes: [{ line: 4, uid: 'carol', problems: [{ column: 'amount', message: 'is over the per-reward cap of 100' }], warnings: [] }],
  };
}

describe('A reward batch', () => {
  it('shows the preview with the reason per row, lets a second manager approve it, and shows its progress and results', async () => {
    let current = preview();
    const api = stubApi({
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
    expect(await screen.findByRole('cell', { name: 'amount: is over the per-reward cap of 100' })).toBeDefined();
    // Only the one who uploaded it withdraws it while it waits.
    expect(screen.queryByRole('button', { name: 'Cancel the rows not started' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this batch?' });
    expect(dialog.textContent).toContain('The console starts paying 2 rows, 3.5 in all, as other-manager@sandbox.local asked.');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve batch' }));
    expect(await screen.findByRole('progressbar', { name: 'Rows settled' })).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(/1 paid · 0 failed · 0 cancelled · 1 to go/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Download the results (CSV)' }).getAttribute('href')).toBe(`/api/rewards/batches/${ID}/results.csv`);
    expect(api.requests.some((request) => request.method === 'POST' && request.url.pathname.endsWith('/approve'))).toBe(true);
  });

  it('links the earlier reward a row looks like, in its warning', async () => {
    const earlierId = 'a0000000-0000-4000-8000-000000000001';
    const warning = { column: 'uid', message: 'the same amount with the same memo was asked for this user by ops@sandbox.local at 2026-05-15T07:00:00.000Z', rewardId: earlierId };
    stubApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json({ ...preview(), notes: [{ line: 2, uid: 'alice', problems: [], warnings: [warning] }] }) } });
    renderApp(`/rewards/batches/${ID}`);
    const cell = await screen.findByRole('cell', { name: /uid: the same amount with the same memo was asked for this user/ });
    expect(within(cell).getByRole('link', { name: 'Open that reward' }).getAttribute('href')).toBe(`/rewards/${earlierId}`);
  });

  it('offers no approval to the manager who uploaded it', async () => {
    stubApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local' } })) } });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText('Awaiting approval');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('lets the manager who uploaded it withdraw it while it awaits approval', async () => {
    let current = preview({ requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local' } });
    const api = stubApi({
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
    expect(await screen.findByText('Cancelled')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([`/api/rewards/batches/${ID}/cancel`]);
  });

  it('asks before starting it, and keeps the question open with the refusal when the server says no', async () => {
    const api = stubApi({
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
    const api = stubApi({
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

  it('shows live progress, with the time left at one payment per ledger and blocked rows apart', async () => {
    stubApi({
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
    expect(
      screen.getByText('30 paid · 2 failed · 0 cancelled · 68 to go · 1.6 rows/s · 3 blocked by another open payment, not in the time left · about 6 min left at one payment every 5.3 s'),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Retry failed rows as a new batch' })).toBeNull();
  });

  it('says before it starts how long the batch takes at the network’s pace', async () => {
    stubApi({
      signedInAs: 'manager',
      routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'previewed', valid: 10_000, atLedgerPace: { ledgerMs: 5_300, seconds: 53_000 } })) },
    });
    renderApp(`/rewards/batches/${ID}`);
    expect(await screen.findByText(/^10,000 rows: about 14 h 44 min at one payment every 5\.3 s\./)).toBeDefined();
  });

  it('keeps reading a running batch whose last row has settled, until it shows it finished', async () => {
    const settled = { done: 2, failed: 0, cancelled: 0, remaining: 0, blocked: 0, total: 2, ratePerSecond: 1, secondsLeft: 0 };
    let reads = 0;
    stubApi({
      signedInAs: 'manager',
      routes: {
        // The last row has settled, and the batch is still running until the runner's next pass ends it.
        [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: ++reads < 3 ? 'running' : 'finished', progress: settled })),
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    expect(await screen.findByText('Paying')).toBeDefined();
    expect(await screen.findByText('Finished')).toBeDefined();
  });

  it('retries the failed rows of a finished batch as a new batch and opens its preview', async () => {
    const finished = preview({ state: 'finished', progress: { done: 1, failed: 1, cancelled: 0, remaining: 0, blocked: 0, total: 2, ratePerSecond: 0.5, secondsLeft: 0 } });
    const retried = preview({ id: RETRY_ID, state: 'previewed', fileName: 'winners.csv', retryOf: ID, rows: 1, valid: 1, invalid: 0, users: 1, total: '1.5', progress: { done: 0, failed: 0, cancelled: 0, remaining: 0, blocked: 0, total: 0, ratePerSecond: null, secondsLeft: null } });
    const api = stubApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${ID}`]: () => json(finished),
        [`GET /api/rewards/batches/${RETRY_ID}`]: () => json(retried),
        [`POST /api/rewards/batches/${ID}/retry-failed`]: () => json(retried, 201),
      },
    });
    const { router } = renderApp(`/rewards/batches/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry failed rows as a new batch' }));
    await expect.poll(() => currentPath(router)).toBe(`/rewards/batches/${RETRY_ID}`);
    expect(await screen.findByText('Previewed: nothing paid yet')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Start paying' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'an earlier batch' }).getAttribute('href')).toBe(`/rewards/batches/${ID}`);
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([`/api/rewards/batches/${ID}/retry-failed`]);
  });
});

describe('a batch and the wallet’s funds', () => {
  it('says before start that the wallet cannot pay it, and how much is missing', async () => {
    stubApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'previewed', shortfallToStart: '12.02' })) } });
    renderApp(`/rewards/batches/${ID}`);
    expect(await screen.findByText(/Needs funds: 12\.02 more before it can be paid/)).toBeDefined();
  });

  it('says before start that the wallet can pay it', async () => {
    stubApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'previewed', shortfallToStart: '0' })) } });
    renderApp(`/rewards/batches/${ID}`);
    expect(await screen.findByText(/The app wallet can pay these rows and their fees/)).toBeDefined();
  });

  it('says, paused, how much the wallet lacks and that it goes on by itself once funded', async () => {
    stubApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ state: 'paused', needsFunds: '2.51' })) } });
    renderApp(`/rewards/batches/${ID}`);
    expect(await screen.findByText(/Needs funds: 2\.51 more/)).toBeDefined();
    expect(screen.getByText('Paused: needs funds')).toBeDefined();
  });
});
