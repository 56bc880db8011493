import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdCheckView } from '../../dashboard/src/features/ads/ad-check-words.ts';
import { formatDateTime } from '../../dashboard/src/lib/format-date.ts';
import { adCheck, AD_ID } from './support/ads.ts';
import { apiError, json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { ndjsonStream } from './support/ndjson-stream.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const adRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname.startsWith('/api/ads/') && request.url.pathname !== '/api/ads/checks');
const historyRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname === '/api/ads/checks');
const lastHistoryQuery = (requests: SeenRequest[]) => Object.fromEntries(historyRequests(requests).at(-1)?.url.searchParams ?? []);

async function adsPage(path = '/ads', routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({ signedInAs: 'support', routes });
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Rewarded ads' });
  return { api, user, ...view };
}

const lookupForm = () => within(screen.getByRole('search', { name: 'Look up one ad' }));

async function lookUp(user: ReturnType<typeof userEvent.setup>, adId: string) {
  const field = lookupForm().getByRole('textbox', { name: 'Ad id' });
  await user.clear(field);
  if (adId) await user.type(field, adId);
  await user.click(lookupForm().getByRole('button', { name: 'Check ad' }));
}

describe('Looking up one ad', () => {
  const cases: [string, Partial<AdCheckView>, string, string][] = [
    ['granted', { status: 'granted', reward: true }, 'Granted: the reward may be given', 'Reward: yes'],
    ['revoked', { status: 'revoked', reward: false, revokedAt: '2026-05-15T09:30:00.000Z' }, 'Revoked: the grant was taken back', 'Reward: no'],
    ['failed', { status: 'failed', reward: false, grantedAt: null }, 'Failed: the ad did not earn the reward', 'Reward: no'],
    ['not settled', { status: null, reward: false, grantedAt: null }, 'None yet: not settled', 'Reward: no'],
  ];

  it.each(cases)('says a %s ad is so, in words, with the verdict', async (_name, overrides, words, verdict) => {
    const check = adCheck(overrides);
    const { api, user } = await adsPage('/ads', { [`GET /api/ads/${AD_ID}`]: () => json({ check }) });
    await lookUp(user, AD_ID);

    const card = await screen.findByRole('region', { name: `Ad ${AD_ID}` });
    within(card).getByText(words);
    within(card).getByText(verdict);
    expect(within(card).queryByText(verdict === 'Reward: yes' ? 'Reward: no' : 'Reward: yes')).toBeNull();
    const granted = within(card).getByText('Granted').nextElementSibling;
    expect(granted?.textContent).toBe(check.grantedAt ? formatDateTime(check.grantedAt) : 'none');
    expect(within(card).getByText('Revoked').nextElementSibling?.querySelector('time')?.getAttribute('dateTime') ?? null).toBe(check.revokedAt);
    expect(adRequests(api.requests).map((request) => request.url.pathname)).toEqual([`/api/ads/${AD_ID}`]);
  });

  it('says "No ad with this id" for an ad the platform does not know', async () => {
    const { user } = await adsPage('/ads', { [`GET /api/ads/${AD_ID}`]: () => apiError(404, 'ad_not_found', 'No ad with this id.') });
    await lookUp(user, AD_ID);
    const answer = await screen.findByText('No ad with this id');
    expect(answer.closest('[role="status"]')?.textContent).toContain('Reward: no');
    expect(screen.queryByText('Reward: yes')).toBeNull();
  });

  it.each([
    ['', 'Enter an ad id.'],
    ['ad/../x', 'An id cannot contain "/".'],
    ['a..b', 'An id cannot contain "..".'],
    ['ad%2F1', 'An id cannot contain "%".'],
    ['two words', 'An id cannot contain spaces.'],
    ['a'.repeat(65), 'That is longer than 64 characters, so it is not an id.'],
  ])('refuses %j without a request', async (adId, problem) => {
    const { api, user } = await adsPage();
    await lookUp(user, adId);
    lookupForm().getByText(problem);
    expect(lookupForm().getByRole('textbox', { name: 'Ad id' }).getAttribute('aria-invalid')).toBe('true');
    expect(adRequests(api.requests)).toHaveLength(0);
  });
});

describe('Checking many ads', () => {
  it('says the limit, sends the ids, and shows progress and a verdict per ad', async () => {
    const stream = ndjsonStream();
    const { api, user } = await adsPage('/ads', { 'POST /api/ads/check': () => stream.response() });
    const box = screen.getByRole('textbox', { name: 'Ad ids' });
    screen.getByText(/at most 1,000 at once/);

    await user.click(box);
    await user.paste('ad-granted\nad-revoked, ad-unknown\n');
    screen.getByText('3 ids will be sent.');
    await user.click(screen.getByRole('button', { name: 'Check ads' }));
    expect(api.requests.find((request) => request.url.pathname === '/api/ads/check')?.body).toEqual({ adIds: ['ad-granted', 'ad-revoked', 'ad-unknown'] });

    stream.send({ type: 'start', total: 3 });
    stream.send({ type: 'result', ...adCheck({ id: 11, adId: 'ad-granted' }) });
    await screen.findByText('1 of 3 (33%)');
    expect(screen.getByRole('progressbar', { name: 'Check progress' }).getAttribute('aria-valuemax')).toBe('3');
    stream.send({ type: 'result', ...adCheck({ id: 12, adId: 'ad-revoked', status: 'revoked', reward: false, revokedAt: '2026-05-15T09:30:00.000Z' }) });
    stream.send({ type: 'result', ...adCheck({ id: 13, adId: 'ad-unknown', result: 'not_found', status: null, reward: false, grantedAt: null, errorCode: 'not_found' }) });
    stream.send({ type: 'done', counts: { ok: 2, not_found: 1 } });
    stream.close();

    expect((await screen.findByText('Done: 3 ads checked; reward: yes for 1.')).getAttribute('role')).toBe('status');
    const table = screen.getByRole('table', { name: 'Ad check results' });
    const rowOf = (adId: string) => within(table).getByText(adId).closest('tr');
    expect(within(table).getAllByText('Reward: yes')).toHaveLength(1);
    expect(rowOf('ad-granted')?.textContent).toContain('Reward: yes');
    expect(rowOf('ad-granted')?.textContent).toContain('Granted: the reward may be given');
    expect(rowOf('ad-revoked')?.textContent).toContain('Reward: no');
    expect(rowOf('ad-revoked')?.textContent).toContain('Revoked: the grant was taken back');
    expect(rowOf('ad-unknown')?.textContent).toContain('No ad with this id');
    expect(rowOf('ad-unknown')?.textContent).toContain('Reward: no');
  });

  it('refuses more than 1,000 ids before sending anything', async () => {
    const { api, user } = await adsPage();
    await user.click(screen.getByRole('textbox', { name: 'Ad ids' }));
    await user.paste(Array.from({ length: 1_001 }, (_, index) => `ad-${index}`).join('\n'));
    await user.click(screen.getByRole('button', { name: 'Check ads' }));
    screen.getByText(/That is 1,001 ids; at most 1,000 go at once/);
    expect(api.requests.some((request) => request.url.pathname === '/api/ads/check')).toBe(false);
  });
});

describe('History of checks', () => {
  it('reads its filters from the URL into the form and the request', async () => {
    const from = '2026-05-15T00:00:00.000Z';
    const { api } = await adsPage(`/ads?reward=yes&from=${encodeURIComponent(from)}&result=ok&adId=${AD_ID}`);
    await screen.findByText('No checks match these filters.');
    expect(lastHistoryQuery(api.requests)).toEqual({ adId: AD_ID, reward: 'yes', result: 'ok', from, limit: '50' });
    const filters = within(screen.getByRole('search', { name: 'Filter the ad checks' }));
    expect(filters.getByRole('combobox', { name: 'Reward' })).toHaveProperty('value', 'yes');
    expect(filters.getByRole('combobox', { name: 'Result' })).toHaveProperty('value', 'ok');
    expect(filters.getByRole('textbox', { name: 'Ad id' })).toHaveProperty('value', AD_ID);
  });

  it('writes applied filters to the URL, and Back restores the view', async () => {
    const { api, user, router } = await adsPage();
    await screen.findByText('No ad has been checked yet.');
    const filters = within(screen.getByRole('search', { name: 'Filter the ad checks' }));
    await user.selectOptions(filters.getByRole('combobox', { name: 'Reward' }), 'no');
    await user.selectOptions(filters.getByRole('combobox', { name: 'Result' }), 'not_found');
    await user.click(filters.getByRole('button', { name: 'Apply filters' }));

    expect(currentPath(router)).toBe('/ads?reward=no&result=not_found');
    await screen.findByText('No checks match these filters.');
    expect(lastHistoryQuery(api.requests)).toEqual({ reward: 'no', result: 'not_found', limit: '50' });

    await act(() => router.navigate(-1));
    expect(currentPath(router)).toBe('/ads');
    expect(within(screen.getByRole('search', { name: 'Filter the ad checks' })).getByRole('combobox', { name: 'Reward' })).toHaveProperty('value', '');
  });

  it('loads more with the cursor, and re-checks an ad from its row, refreshing the history', async () => {
    let rechecked = false;
    const { api, user } = await adsPage('/ads?reward=yes', {
      'GET /api/ads/checks': ({ url }) => {
        if (url.searchParams.get('cursor') === '2') return json({ checks: [adCheck({ id: 1, adId: 'ad-old' })], nextCursor: null });
        const newest = rechecked ? [adCheck({ id: 3, adId: AD_ID, status: 'revoked', reward: false, checkedAt: '2026-05-15T10:00:00.000Z' })] : [];
        return json({ checks: [...newest, adCheck({ id: 2 })], nextCursor: '2' });
      },
      [`GET /api/ads/${AD_ID}`]: () => {
        rechecked = true;
        return json({ check: adCheck({ id: 3, status: 'revoked', reward: false }) });
      },
    });
    const table = await screen.findByRole('table', { name: 'Ad check history' });
    await within(table).findByText(AD_ID);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await within(table).findByText('ad-old');
    expect(lastHistoryQuery(api.requests)).toEqual({ reward: 'yes', cursor: '2', limit: '50' });

    await user.click(within(table).getByRole('button', { name: `Re-check ${AD_ID}` }));
    await within(table).findByText('Revoked: the grant was taken back');
    expect(adRequests(api.requests).map((request) => request.url.pathname)).toEqual([`/api/ads/${AD_ID}`]);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('opens a row with Enter: the history of that ad alone', async () => {
    const { user, router } = await adsPage('/ads', { 'GET /api/ads/checks': () => json({ checks: [adCheck({ id: 2 }), adCheck({ id: 1, adId: 'ad-old' })], nextCursor: null }) });
    const table = await screen.findByRole('table', { name: 'Ad check history' });
    const row = (await within(table).findByText('ad-old')).closest('tr');
    row?.focus();
    await user.keyboard('{Enter}');
    await expect.poll(() => currentPath(router)).toBe('/ads?adId=ad-old');
  });
});
