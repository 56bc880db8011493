import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../../dashboard/src/features/audit/api/get-audit-events.ts';
import type { BatchListItem } from '../../dashboard/src/display/batch/batch-types.ts';
import type { Role } from '../../bff/src/domain/roles.ts';
import { json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { reward, rewardDetail, REWARD_ID } from './support/rewards.ts';

afterEach(resetDom);

/** How often a list with a batch that can still move is read again (the SPA's MOVING_BATCHES_REFRESH_MS). */
const READ_AGAIN_MS = 3_000;

const PAID_ID = '5e3c1a2b-4d6f-4a8b-9c0d-1e2f3a4b5c6d';
const WAITING_ID = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

function batch(overrides: Partial<BatchListItem> = {}): BatchListItem {
  return {
    id: PAID_ID,
    name: 'spring-winners.csv',
    requester: { id: 'staff-manager', email: 'manager@sandbox.local' },
    state: 'finished',
    progress: { done: 9, failed: 1, cancelled: 0, remaining: 0, total: 10 },
    rows: 10,
    total: '12.5',
    approval: { state: 'not_needed', by: null },
    createdAt: '2026-05-15T08:00:00.000Z',
    ...overrides,
  };
}

const waiting = batch({
  id: WAITING_ID,
  name: null,
  requester: { id: 'staff-ops', email: 'ops@sandbox.local' },
  state: 'awaiting_approval',
  progress: { done: 0, failed: 0, cancelled: 0, remaining: 40, total: 40 },
  rows: 40,
  total: '400',
  approval: { state: 'awaiting', by: null },
  createdAt: '2026-05-16T08:00:00.000Z',
});

const listRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname === '/api/rewards/batches' && request.method === 'GET');
const lastListQuery = (requests: SeenRequest[]) => Object.fromEntries(listRequests(requests).at(-1)?.url.searchParams ?? []);
const filters = () => within(screen.getByRole('search', { name: 'Filter batches' }));
const listOf = (...batches: BatchListItem[]): FakeRoute => () => json({ batches, nextCursor: null });

async function batchesPage(path: string, routes: Record<string, FakeRoute> = {}, signedInAs: Role = 'manager') {
  const api = stubApi({ signedInAs, routes: { 'GET /api/rewards/batches': listOf(), ...routes } });
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Batches' });
  return { api, user, ...view };
}

/** The table's body rows, once `count` of them show. */
async function bodyRows(count: number): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: 'Batches' });
  return waitFor(() => {
    const rows = within(table).getAllByRole('row').slice(1);
    if (rows.length !== count || rows.some((row) => row.textContent?.includes('Loading'))) throw new Error(`${rows.length} rows`);
    return rows;
  });
}

describe('The Batches page', () => {
  it('shows each batch with its name, requester, state, progress, total, approval and creation time, each in its own column', async () => {
    await batchesPage('/rewards/batches', {
      'GET /api/rewards/batches': listOf(waiting, batch({ approval: { state: 'approved', by: 'admin@sandbox.local' } }), batch({ id: 'c0ffee00-0000-4000-8000-000000000003', name: 'draft.csv', state: 'previewed', progress: { done: 0, failed: 0, cancelled: 0, remaining: 0, total: 0 }, approval: { state: 'not_asked', by: null } })),
    });
    expect(document.title).toBe('Batches · Plat Console');
    const table = screen.getByRole('table', { name: 'Batches' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Requested by', 'State', 'Progress', 'Total', 'Approval', 'Created']);
    const [first, second, third] = await bodyRows(3);
    if (!first || !second || !third) throw new Error('rows missing');

    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(first).slice(0, 6)).toEqual(['Batch without a file name', 'ops@sandbox.local', 'Awaiting approval', '0 paid · 0 failed · 40 to go', '400', 'Awaiting approval']);
    expect(within(first).getByRole('link', { name: 'Batch without a file name' }).getAttribute('href')).toBe(`/rewards/batches/${WAITING_ID}`);
    expect(within(first).getByRole('link', { name: 'ops@sandbox.local' }).getAttribute('href')).toBe('/rewards/batches?requester=ops%40sandbox.local');
    expect(within(first).getByRole('cell', { name: /2026/ }).querySelector('time')?.getAttribute('datetime')).toBe('2026-05-16T08:00:00.000Z');

    expect(cells(second).slice(0, 6)).toEqual(['spring-winners.csv', 'manager@sandbox.local', 'Finished', '9 paid · 1 failed · 0 to go', '12.5', 'Approved by admin@sandbox.local']);
    expect(cells(third).slice(2, 6)).toEqual(['Previewed: nothing paid yet', 'Not started', '12.5', 'Decided when started']);
  });

  it('opens a batch when its row is clicked, or focused and Enter pressed', async () => {
    const { user, router } = await batchesPage('/rewards/batches', { 'GET /api/rewards/batches': listOf(waiting, batch()) });
    const [first, second] = await bodyRows(2);
    if (!first || !second) throw new Error('rows missing');
    await user.click(within(second).getByRole('cell', { name: '9 paid · 1 failed · 0 to go' }));
    // The batch page's code loads before the location changes.
    await waitFor(() => expect(currentPath(router)).toBe(`/rewards/batches/${PAID_ID}`));

    await act(() => router.navigate(-1));
    const [again] = await bodyRows(2);
    again?.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe(`/rewards/batches/${WAITING_ID}`));
  });

  it('reads a deep link’s filters, sends them to the server, and puts them in the form and the CSV link', async () => {
    const { api } = await batchesPage('/rewards/batches?state=finished,cancelled,bogus&requester=ops&from=2026-05-01T00:00:00.000Z');
    await screen.findByText('No batches match these filters.');
    expect(lastListQuery(api.requests)).toEqual({ state: 'cancelled,finished', requester: 'ops', from: '2026-05-01T00:00:00.000Z', limit: '50' });
    expect(filters().getByRole('textbox', { name: 'Requested by' })).toHaveProperty('value', 'ops');
    expect(filters().getByRole('checkbox', { name: 'Finished', hidden: true })).toHaveProperty('checked', true);
    expect(filters().getByRole('checkbox', { name: 'Paying', hidden: true })).toHaveProperty('checked', false);
    expect(screen.getByRole('link', { name: 'Export these rows as CSV' }).getAttribute('href')).toBe(
      '/api/rewards/batches/export.csv?state=cancelled%2Cfinished&requester=ops&from=2026-05-01T00%3A00%3A00.000Z',
    );
  });

  it('writes applied filters to the URL, and Back returns to the view before', async () => {
    const { api, user, router } = await batchesPage('/rewards/batches');
    await screen.findByText('No batch has been uploaded yet.');
    expect(screen.getByRole('link', { name: 'Export all rows as CSV' }).getAttribute('href')).toBe('/api/rewards/batches/export.csv');

    await user.type(filters().getByRole('textbox', { name: 'Requested by' }), 'manager@');
    await user.click(filters().getByRole('button', { name: 'State' }));
    await user.click(within(screen.getByRole('group', { name: 'State' })).getByRole('checkbox', { name: 'Awaiting approval' }));
    fireEvent.change(filters().getByLabelText('Before'), { target: { value: '2026-06-01T12:30' } });
    await user.click(filters().getByRole('button', { name: 'Apply filters' }));

    const before = new Date('2026-06-01T12:30').toISOString();
    const expected = { state: 'awaiting_approval', requester: 'manager@', to: before };
    expect(currentPath(router)).toBe(`/rewards/batches?${new URLSearchParams(expected).toString()}`);
    await screen.findByText('No batches match these filters.');
    expect(lastListQuery(api.requests)).toEqual({ ...expected, limit: '50' });

    await act(() => router.navigate(-1));
    expect(currentPath(router)).toBe('/rewards/batches');
    expect(filters().getByRole('textbox', { name: 'Requested by' })).toHaveProperty('value', '');
  });

  it('loads the next page after the last row shown', async () => {
    const { api, user } = await batchesPage('/rewards/batches', {
      'GET /api/rewards/batches': (request) =>
        request.url.searchParams.get('cursor') === 'after-waiting' ? json({ batches: [batch()], nextCursor: null }) : json({ batches: [waiting], nextCursor: 'after-waiting' }),
    });
    await bodyRows(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await bodyRows(2);
    expect(lastListQuery(api.requests)).toEqual({ cursor: 'after-waiting', limit: '50' });
    screen.getByText('Showing all 2 rows.');
  });

  it('reads the list again while a batch in it can still move, and stops once none can', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const { api } = await batchesPage('/rewards/batches', {
      'GET /api/rewards/batches': () => {
        reads += 1;
        return json({ batches: [reads === 1 ? batch({ state: 'running', progress: { done: 5, failed: 0, cancelled: 0, remaining: 5, total: 10 } }) : batch()], nextCursor: null });
      },
    });
    await screen.findByRole('cell', { name: '5 paid · 0 failed · 5 to go' });
    await act(() => vi.advanceTimersByTimeAsync(READ_AGAIN_MS));
    await screen.findByRole('cell', { name: '9 paid · 1 failed · 0 to go' });
    // Several more read-again periods pass on the fake clock: no further read once no batch can move.
    await act(() => vi.advanceTimersByTimeAsync(READ_AGAIN_MS * 4));
    expect(listRequests(api.requests)).toHaveLength(2);
  });

  it('offers the upload to those who pay, and only the list to support', async () => {
    await batchesPage('/rewards/batches');
    expect(screen.getByRole('link', { name: 'Upload a batch' }).getAttribute('href')).toBe('/rewards/batches/new');
    resetDom();
    await batchesPage('/rewards/batches', {}, 'support');
    await screen.findByText('No batch has been uploaded yet.');
    expect(screen.queryByRole('link', { name: 'Upload a batch' })).toBeNull();
  });
});

describe('Links to batches', () => {
  it('from the Rewards page: next to the upload for a manager, above the table for support', async () => {
    stubApi({ signedInAs: 'manager', routes: { 'GET /api/rewards/batches': listOf(batch()) } });
    const user = userEvent.setup();
    const { router } = renderApp('/rewards');
    const payForm = await screen.findByRole('region', { name: 'Pay a reward' });
    within(payForm).getByRole('link', { name: 'Pay many users at once from a CSV file' });
    await user.click(within(payForm).getByRole('link', { name: 'Batches' }));
    await screen.findByRole('heading', { level: 1, name: 'Batches' });
    expect(currentPath(router)).toBe('/rewards/batches');
    resetDom();

    stubApi({ signedInAs: 'support' });
    renderApp('/rewards');
    const allRewards = await screen.findByRole('region', { name: 'All rewards' });
    expect(within(allRewards).getByRole('link', { name: 'Batches' }).getAttribute('href')).toBe('/rewards/batches');
  });

  it('from every audit row whose target is a batch (and a reward)', async () => {
    const event = (id: number, action: string, target: string, subject: AuditEvent['subject']): AuditEvent => ({
      id,
      at: '2026-05-15T08:00:00.000Z',
      actor: { id: 'staff-manager', email: 'manager@sandbox.local', role: 'manager' },
      actorName: 'Sandbox Manager',
      clientIp: '127.0.0.1',
      requestId: `req-${id}`,
      action,
      target,
      outcome: 'ok',
      upstream: null,
      details: {},
      subject,
    });
    const events = [
      event(2, 'reward_batch.start', `reward_batch:${PAID_ID}`, { kind: 'reward_batch', fileName: 'may.csv', rowCount: 3 }),
      event(1, 'reward.approve', `reward:${REWARD_ID}`, { kind: 'reward', uid: 'user-1', userNames: null, amount: '2.5' }),
    ];
    stubApi({ routes: { 'GET /api/audit': () => json({ events, nextCursor: null }) } });
    renderApp('/audit');
    const table = await screen.findByRole('table');
    expect((await within(table).findByRole('link', { name: 'batch may.csv' })).getAttribute('href')).toBe(`/rewards/batches/${PAID_ID}`);
    expect(within(table).getByRole('link', { name: 'a reward' }).getAttribute('href')).toBe(`/rewards/${REWARD_ID}`);
  });

  it('from a reward that is a row of a batch, whatever its state', async () => {
    stubApi({ signedInAs: 'support', routes: { [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail(reward({ batchId: PAID_ID }))) } });
    renderApp(`/rewards/${REWARD_ID}`);
    expect((await screen.findByRole('link', { name: 'The batch this reward is a row of' })).getAttribute('href')).toBe(`/rewards/batches/${PAID_ID}`);
  });
});
