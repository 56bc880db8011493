import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchPreview } from '../../dashboard/src/features/rewards/api/get-batch.ts';
import { json, stubApi } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const ID = '5e3c1a2b-4d6f-4a8b-9c0d-1e2f3a4b5c6d';

function preview(batch: Partial<BatchPreview['batch']> = {}): BatchPreview {
  return {
    batch: {
      id: ID,
      state: 'awaiting_approval',
      fileName: 'winners.csv',
      requestedBy: { id: 'someone-else', email: 'other-manager@sandbox.local' },
      approvedBy: null,
      retryOf: null,
      rows: 3,
      valid: 2,
      invalid: 1,
      users: 2,
      total: '3.5',
      flags: { duplicateRows: 0, duplicateUsers: 0, overCap: 1 },
      progress: { done: 0, failed: 0, cancelled: 0, remaining: 2, total: 2, ratePerSecond: null, secondsLeft: null },
      createdAt: '2026-05-15T08:00:00.000Z',
      startedAt: '2026-05-15T08:01:00.000Z',
      finishedAt: null,
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
          current = preview({ state: 'running', progress: { done: 1, failed: 0, cancelled: 0, remaining: 1, total: 2, ratePerSecond: 2, secondsLeft: 1 } });
          return json({ batch: current.batch });
        },
      },
    });
    renderApp(`/rewards/batches/${ID}`);
    expect(await screen.findByRole('cell', { name: 'amount: is over the per-reward cap of 100' })).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('progressbar', { name: 'Rows settled' })).toBeDefined();
    expect(screen.getByText(/1 paid · 0 failed · 0 cancelled · 1 to go/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Download the results (CSV)' }).getAttribute('href')).toBe(`/api/rewards/batches/${ID}/results.csv`);
    expect(api.requests.some((request) => request.method === 'POST' && request.url.pathname.endsWith('/approve'))).toBe(true);
  });

  it('offers no approval to the manager who uploaded it', async () => {
    stubApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${ID}`]: () => json(preview({ requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local' } })) } });
    renderApp(`/rewards/batches/${ID}`);
    await screen.findByText('Awaiting approval');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
