import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../dashboard/src/features/audit/api/get-audit-events.ts';
import { auditEvent } from './support/audit.ts';
import { json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const event = (id: number, overrides: Partial<AuditEvent> = {}): AuditEvent => auditEvent({ id, ...overrides });

const auditRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname === '/api/audit');
const lastAuditQuery = (requests: SeenRequest[]) => Object.fromEntries(auditRequests(requests).at(-1)?.url.searchParams ?? []);

describe('Audit filters live in the URL', () => {
  it('are read from the URL into the form, the request and the CSV link', async () => {
    const api = stubApi();
    renderApp('/audit?actor=ada&outcome=denied&from=2025-05-01T08:00:00.000Z');
    await screen.findByRole('heading', { name: 'Audit log' });

    const filters = screen.getByRole('search', { name: 'Filter the audit log' });
    expect(within(filters).getByLabelText('Actor')).toHaveProperty('value', 'ada');
    expect(within(filters).getByLabelText('Outcome')).toHaveProperty('value', 'denied');
    expect(within(filters).getByLabelText('Action')).toHaveProperty('value', '');
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

    await user.selectOptions(screen.getByLabelText('Action'), 'Anything in Staff');
    await user.selectOptions(screen.getByLabelText('Outcome'), 'refused');
    fireEvent.change(screen.getByLabelText('Before'), { target: { value: '2025-06-01T12:30' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const before = new Date('2025-06-01T12:30').toISOString();
    await screen.findByText('No events match these filters.');
    expect(currentPath(router)).toBe(`/audit?${new URLSearchParams({ action: 'staff.*', outcome: 'refused', to: before }).toString()}`);
    expect(lastAuditQuery(api.requests)).toEqual({ action: 'staff.*', outcome: 'refused', to: before, limit: '50' });

    await act(() => router.navigate(-1));
    expect(currentPath(router)).toBe('/audit');
    expect(screen.getByLabelText('Action')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Outcome')).toHaveProperty('value', '');

    await act(() => router.navigate(1));
    expect(screen.getByLabelText('Action')).toHaveProperty('value', 'staff.*');
    expect(screen.getByLabelText('Before')).toHaveProperty('value', '2025-06-01T12:30');
  });

  it('offer the actions the console records, in words, grouped by area; a hand-made one stays as the link has it', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/audit?action=staff.update%2Cstaff.create');
    await screen.findByRole('heading', { name: 'Audit log' });

    const action = screen.getByLabelText('Action');
    expect(action.tagName).toBe('SELECT');
    expect(action).toHaveProperty('value', 'staff.update,staff.create');
    within(action).getByRole('option', { name: 'As in the link: staff.update,staff.create' });
    const staff = within(action).getByRole('group', { name: 'Staff' });
    expect(within(staff).getByRole('option', { name: 'Changed a staff member' })).toHaveProperty('value', 'staff.update');
    within(action).getByRole('group', { name: 'Payments' });

    await user.selectOptions(action, 'Changed a staff member');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('No events match these filters.');
    expect(currentPath(router)).toBe('/audit?action=staff.update');
    expect(lastAuditQuery(api.requests)).toEqual({ action: 'staff.update', limit: '50' });
  });

  it('are cleared in one go', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/audit?target=payment%3Aabc');
    await screen.findByRole('heading', { name: 'Audit log' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentPath(router)).toBe('/audit');
    expect(screen.getByLabelText('Target')).toHaveProperty('value', '');
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
            ? json({ events: [event(1, { action: 'staff.create', target: 'staff:staff-b', details: { role: 'ops' }, subject: { kind: 'staff', name: 'Bea Ops', email: 'bea@example.com' } })], nextCursor: null })
            : json({
                events: [event(3, { outcome: 'denied', actor: null, actorName: null, target: 'staff:ada@example.com', details: { reason: 'throttled' } }), event(2)],
                nextCursor: 'after-2',
              }),
      },
    });
    const user = userEvent.setup();
    renderApp('/audit?outcome=denied');

    const table = await screen.findByRole('table', { name: 'Audit events' });
    await within(table).findByText('Someone tried to sign in as ada@example.com');
    within(table).getByText('Not signed in');
    within(table).getByText('Denied');
    within(table).getByText('Sandbox Admin signed in');
    screen.getByText('Showing the first 2 rows.');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    const added = await within(table).findByRole('link', { name: 'Bea Ops' });
    expect(added.closest('p')?.textContent).toBe('Sandbox Admin added Bea Ops as Ops');
    expect(added.getAttribute('href')).toBe('/staff');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    screen.getByText('Showing all 3 rows.');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(lastAuditQuery(api.requests)).toEqual({ outcome: 'denied', cursor: 'after-2', limit: '50' });
  });
});

describe('Audit rows', () => {
  const longReason = 'x'.repeat(300);
  const ops = { id: 'staff-ops', email: 'ops@sandbox.local', role: 'ops' } as const;
  const rows = [
    event(3, {
      action: 'staff.update',
      target: 'staff:staff-dana',
      subject: { kind: 'staff', name: 'Dana Reyes', email: 'dana@example.com' },
      details: { from: { role: 'support', disabled: false }, to: { role: 'manager', disabled: false } },
    }),
    event(2, { actor: ops, actorName: null, action: 'payment.cancel', target: 'payment:abc123', upstream: { status: 200, code: 'ok' }, details: { reason: longReason } }),
  ];

  it('say what happened in a sentence that links what it names, with the details in words and changes as before → after', async () => {
    stubApi({ routes: { 'GET /api/audit': () => json({ events: rows, nextCursor: null }) } });
    renderApp('/audit');

    const table = await screen.findByRole('table', { name: 'Audit events' });
    const dana = await within(table).findByRole('link', { name: 'Dana Reyes' });
    expect(dana.closest('p')?.textContent).toBe('Sandbox Admin changed Dana Reyes’s role from Support to Manager');
    const [danaRow, cancelRow] = within(table).getAllByRole('row').slice(1);
    expect(within(danaRow as HTMLElement).getByRole('term').textContent).toBe('Role: ');
    expect(within(danaRow as HTMLElement).getByRole('definition').textContent).toBe('Support → Manager');

    const payment = within(table).getByRole('link', { name: 'abc123' });
    expect(payment.getAttribute('href')).toBe('/payments/abc123');
    expect(payment.closest('p')?.textContent).toBe('ops@sandbox.local cancelled payment abc123');
    const details = within(cancelRow as HTMLElement).getAllByRole('definition').map((definition) => definition.textContent);
    expect(details).toEqual([longReason, 'Accepted.']);
    const reason = within(cancelRow as HTMLElement).getByText(longReason).closest('div');
    expect(reason?.className).toContain('break-words');
    expect(reason?.className).not.toContain('overflow');
    expect(within(table).queryByText('payment.cancel')).toBeNull();
  });

  it('keep the stored event behind Raw, and where the request came from behind Columns', async () => {
    stubApi({ routes: { 'GET /api/audit': () => json({ events: rows, nextCursor: null }) } });
    const user = userEvent.setup();
    renderApp('/audit');

    const table = await screen.findByRole('table', { name: 'Audit events' });
    await within(table).findByRole('link', { name: 'abc123' });
    expect(within(table).queryByText('req-2')).toBeNull();
    const raw = within(table).getAllByText('Raw')[1] as HTMLElement;
    await user.click(raw);
    expect(raw.closest('details')?.open).toBe(true);
    expect(raw.closest('details')?.querySelector('pre')?.textContent).toContain('"action": "payment.cancel"');

    await user.click(screen.getByRole('button', { name: 'Columns (1 hidden)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Request (address and id)' }));
    within(table).getByText('req-2');
    within(table).getByRole('columnheader', { name: 'Request' });
  });

  it('open what the event was done to from its row with Enter', async () => {
    stubApi({ routes: { 'GET /api/audit': () => json({ events: rows, nextCursor: null }) } });
    const { router } = renderApp('/audit');
    const table = await screen.findByRole('table', { name: 'Audit events' });
    await within(table).findByRole('link', { name: 'abc123' });
    const cancelRow = within(table).getAllByRole('row')[2] as HTMLElement;
    cancelRow.focus();
    await userEvent.setup().keyboard('{Enter}');
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
    screen.getByRole('link', { name: 'Export all rows as CSV' });
  });
});
