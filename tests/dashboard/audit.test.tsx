import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../dashboard/src/features/audit/api/get-audit-events.ts';
import { json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

function event(id: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    at: '2025-05-01T10:00:00.000Z',
    actor: { id: 'staff-admin', email: 'admin@sandbox.local', role: 'admin' },
    clientIp: '127.0.0.1',
    requestId: `req-${id}`,
    action: 'session.sign_in',
    target: null,
    outcome: 'ok',
    upstream: null,
    details: {},
    ...overrides,
  };
}

const auditRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname === '/api/audit');
const lastAuditQuery = (requests: SeenRequest[]) => Object.fromEntries(auditRequests(requests).at(-1)?.url.searchParams ?? []);
// The filters' fields, apart from the table's column choices of the same names.
const filters = () => within(screen.getByRole('search', { name: 'Filter the audit log' }));

describe('Audit filters live in the URL', () => {
  it('are read from the URL into the form, the request and the CSV link', async () => {
    const api = stubApi();
    renderApp('/audit?actor=ada&outcome=denied&from=2025-05-01T08:00:00.000Z');
    await screen.findByRole('heading', { name: 'Audit log' });

    expect(filters().getByLabelText('Actor')).toHaveProperty('value', 'ada');
    expect(filters().getByLabelText('Outcome')).toHaveProperty('value', 'denied');
    expect(filters().getByLabelText('Action')).toHaveProperty('value', '');
    await screen.findByText('No events match these filters.');
    expect(lastAuditQuery(api.requests)).toEqual({ actor: 'ada', outcome: 'denied', from: '2025-05-01T08:00:00.000Z', limit: '50' });

    const link = screen.getByRole('link', { name: 'Export these rows as CSV' });
    expect(link.getAttribute('href')).toBe('/api/audit/export.csv?actor=ada&outcome=denied&from=2025-05-01T08%3A00%3A00.000Z');
  });

  it('are written to the URL when applied, and Back and Forward move between views', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/audit');
    await screen.findByText('Nothing has been recorded yet.');
    expect(screen.getByRole('link', { name: 'Export all rows as CSV' }).getAttribute('href')).toBe('/api/audit/export.csv');

    await user.type(filters().getByLabelText('Action'), 'staff.*');
    await user.selectOptions(filters().getByLabelText('Outcome'), 'refused');
    fireEvent.change(filters().getByLabelText('Before'), { target: { value: '2025-06-01T12:30' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const before = new Date('2025-06-01T12:30').toISOString();
    await screen.findByText('No events match these filters.');
    expect(currentPath(router)).toBe(`/audit?${new URLSearchParams({ action: 'staff.*', outcome: 'refused', to: before }).toString()}`);
    expect(lastAuditQuery(api.requests)).toEqual({ action: 'staff.*', outcome: 'refused', to: before, limit: '50' });

    await act(() => router.navigate(-1));
    expect(currentPath(router)).toBe('/audit');
    expect(filters().getByLabelText('Action')).toHaveProperty('value', '');
    expect(filters().getByLabelText('Outcome')).toHaveProperty('value', '');

    await act(() => router.navigate(1));
    expect(filters().getByLabelText('Action')).toHaveProperty('value', 'staff.*');
    expect(filters().getByLabelText('Before')).toHaveProperty('value', '2025-06-01T12:30');
  });

  it('are cleared in one go', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/audit?target=payment%3Aabc');
    await screen.findByRole('heading', { name: 'Audit log' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentPath(router)).toBe('/audit');
    expect(filters().getByLabelText('Target')).toHaveProperty('value', '');
  });

  it('drop values that cannot be right', async () => {
    const api = stubApi();
    renderApp('/audit?outcome=maybe&from=yesterday&actor=%20bea%20');
    await screen.findByRole('heading', { name: 'Audit log' });
    await screen.findByText('No events match these filters.');

    expect(lastAuditQuery(api.requests)).toEqual({ actor: 'bea', limit: '50' });
  });
});

describe('Audit table', () => {
  it('shows the events and loads the next page after the last row with the cursor', async () => {
    const api = stubApi({
      routes: {
        'GET /api/audit': ({ url }) =>
          url.searchParams.get('cursor') === 'after-2'
            ? json({ events: [event(1, { action: 'staff.create', target: 'staff:staff-b' })], nextCursor: null })
            : json({ events: [event(3, { outcome: 'denied', actor: null }), event(2)], nextCursor: 'after-2' }),
      },
    });
    const user = userEvent.setup();
    renderApp('/audit?outcome=denied');

    const table = await screen.findByRole('table', { name: 'Audit events' });
    await within(table).findByText('nobody signed in');
    expect(within(table).getByText('Denied')).toBeDefined();
    expect(screen.getByText('Showing the first 2 rows.')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await within(table).findByText('staff:staff-b')).toBeDefined();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('Showing all 3 rows.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(lastAuditQuery(api.requests)).toEqual({ outcome: 'denied', cursor: 'after-2', limit: '50' });
  });
});

describe('Audit rows', () => {
  it('link the target to its payment or staff page, show the platform status of successful calls, and wrap long details', async () => {
    const longReason = 'x'.repeat(300);
    stubApi({
      routes: {
        'GET /api/audit': () =>
          json({
            events: [
              event(2, { action: 'payment.cancel', target: 'payment:abc123', upstream: { status: 200, code: 'ok' }, details: { reason: longReason } }),
              event(1, { action: 'staff.update', target: 'staff:staff-b' }),
            ],
            nextCursor: null,
          }),
      },
    });
    const user = userEvent.setup();
    renderApp('/audit');

    const table = await screen.findByRole('table', { name: 'Audit events' });
    expect((await within(table).findByRole('link', { name: 'payment:abc123' })).getAttribute('href')).toBe('/payments/abc123');
    expect(within(table).getByRole('link', { name: 'staff:staff-b' }).getAttribute('href')).toBe('/staff');
    // The platform's status and the request are there for whoever asks under "Columns".
    expect(within(table).queryByText('200 ok')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns (2 hidden)' }));
    const columns = within(screen.getByRole('group', { name: 'Visible columns' }));
    await user.click(columns.getByRole('checkbox', { name: 'Platform' }));
    await user.click(columns.getByRole('checkbox', { name: 'Request' }));
    expect(within(table).getByText('200 ok')).toBeDefined();
    expect(within(table).getByText('req-2')).toBeDefined();
    const details = within(table).getByText(longReason, { exact: false });
    expect(details.className).toContain('whitespace-pre-wrap');
    expect(details.className).not.toContain('overflow');
  });

  it('show the time as how long ago, with the exact time on hover, and the actor with their role on one line', async () => {
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    stubApi({ routes: { 'GET /api/audit': () => json({ events: [event(1, { at })], nextCursor: null }) } });
    renderApp('/audit');

    const table = await screen.findByRole('table', { name: 'Audit events' });
    const time = await within(table).findByText('5 min ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe(at);
    expect(time.getAttribute('title')).toMatch(/\d{4}/);
    expect(within(table).getByText('admin@sandbox.local').parentElement?.textContent).toBe('admin@sandbox.localAdmin');
  });

  it('open the page of what the event was done to, from the keyboard', async () => {
    stubApi({ routes: { 'GET /api/audit': () => json({ events: [event(2, { target: 'payment:abc123' }), event(1)], nextCursor: null }) } });
    const user = userEvent.setup();
    const { router } = renderApp('/audit');

    const table = await screen.findByRole('table', { name: 'Audit events' });
    const withTarget = (await within(table).findByRole('link', { name: 'payment:abc123' })).closest('tr');
    withTarget?.focus();
    await user.keyboard('j');
    await user.keyboard('k');
    expect(document.activeElement).toBe(withTarget);
    await user.keyboard('{Enter}');
    await expect.poll(() => currentPath(router)).toBe('/payments/abc123');
  });
});

describe('Verify chain', () => {
  it('says the chain is intact, with the row count', async () => {
    stubApi({ routes: { 'GET /api/audit/verify': () => json({ intact: true, rows: 12 }) } });
    const user = userEvent.setup();
    renderApp('/audit');

    await user.click(await screen.findByRole('button', { name: 'Verify chain' }));
    expect((await screen.findByText('Intact, 12 rows')).getAttribute('role')).toBe('status');
  });

  it('names the first bad row in plain words', async () => {
    const broken = { intact: false, rows: 40, firstBad: { id: 17, problem: 'changed' }, message: 'row 17 was changed: its hash does not match' };
    stubApi({ routes: { 'GET /api/audit/verify': () => json(broken) } });
    const user = userEvent.setup();
    renderApp('/audit');

    await user.click(await screen.findByRole('button', { name: 'Verify chain' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not intact: row 17 was changed after it was written.');
    expect(alert.textContent).toContain('row 17 was changed: its hash does not match (40 rows checked)');
  });

  it('is offered to admins only', async () => {
    stubApi({ signedInAs: 'ops' });
    renderApp('/audit');
    await screen.findByRole('heading', { name: 'Audit log' });

    expect(screen.queryByRole('button', { name: 'Verify chain' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Export all rows as CSV' })).toBeDefined();
  });
});
