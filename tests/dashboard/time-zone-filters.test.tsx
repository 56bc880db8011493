import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromDateTimeInput, toDateTimeInput } from '../../dashboard/src/lib/format-date.ts';
import { setTimeZoneChoice } from '../../dashboard/src/lib/time-zone.ts';
import { json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(() => {
  setTimeZoneChoice('local');
  resetDom();
});

const lastQuery = (requests: SeenRequest[]) => Object.fromEntries(requests.filter((request) => request.url.pathname === '/api/rewards/batches').at(-1)?.url.searchParams ?? []);

describe('Date filters', () => {
  it('read and show their fields in UTC when the console shows times in UTC', () => {
    expect(toDateTimeInput('2026-11-20T10:05:00.000Z', 'utc')).toBe('2026-11-20T10:05');
    expect(fromDateTimeInput('2026-11-20T10:05', 'utc')).toBe('2026-11-20T10:05:00.000Z');
    expect(fromDateTimeInput('', 'utc')).toBeNull();
  });

  it('name the time zone they are read in, and follow the header’s UTC setting', async () => {
    const api = stubApi({ signedInAs: 'manager', routes: { 'GET /api/rewards/batches': () => json({ batches: [], nextCursor: null }) } });
    const user = userEvent.setup();
    renderApp('/rewards/batches');
    const filters = within(await screen.findByRole('search', { name: 'Filter batches' }));
    const from = filters.getByLabelText('From');
    const hint = () => document.getElementById(from.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;
    expect(hint()).toMatch(/^In your time zone \(.+\); included\.$/);

    await user.click(screen.getByRole('button', { name: 'UTC' }));
    const utcFrom = filters.getByLabelText('From');
    await expect.poll(() => document.getElementById(utcFrom.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe('In UTC; included.');
    await user.type(utcFrom, '2026-11-20T10:05');
    await user.click(filters.getByRole('button', { name: 'Apply filters' }));
    await expect.poll(() => lastQuery(api.requests).from).toBe('2026-11-20T10:05:00.000Z');
  });
});
