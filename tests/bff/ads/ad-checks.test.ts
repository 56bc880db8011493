import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFaults, control, setFaults } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { errorOf } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Check {
  adId: string;
  result: string;
  status: string | null;
  reward: boolean;
  grantedAt: string | null;
  revokedAt: string | null;
  checkedBy: string | null;
}

describe.each(storeKinds)('rewarded-ad checks on %s', (kind) => {
  let t: TestApp;
  let support: string;
  const ads: Record<'none' | 'granted' | 'revoked' | 'failed', string> = { none: '', granted: '', revoked: '', failed: '' };

  beforeAll(async () => {
    t = await createTestApp(kind);
    support = await t.signInAs('support');
    for (const status of Object.keys(ads) as Array<keyof typeof ads>) {
      const { adId } = await control<{ adId: string }>(t.emulator, 'POST', '/ads');
      ads[status] = adId;
    }
    await control(t.emulator, 'POST', `/ads/${ads.granted}/grant`);
    await control(t.emulator, 'POST', `/ads/${ads.revoked}/grant`);
    await control(t.emulator, 'POST', `/ads/${ads.revoked}/revoke`);
    await control(t.emulator, 'POST', `/ads/${ads.failed}/fail`);
  });
  afterAll(() => t.close());

  async function check(adId: string): Promise<Check> {
    const response = await t.request('GET', `/api/ads/${adId}`, { cookie: support });
    expect(response.status).toBe(200);
    return ((await response.json()) as { check: Check }).check;
  }

  it('gives the reward verdict by the rule: only granted', async () => {
    expect(await check(ads.granted)).toMatchObject({ status: 'granted', reward: true, grantedAt: expect.any(String), revokedAt: null, checkedBy: 'support@sandbox.local' });
    expect(await check(ads.revoked)).toMatchObject({ status: 'revoked', reward: false, grantedAt: expect.any(String), revokedAt: expect.any(String) });
    expect(await check(ads.failed)).toMatchObject({ status: 'failed', reward: false });
    expect(await check(ads.none)).toMatchObject({ status: null, reward: false, result: 'ok' });
  });

  it('says when there is no ad with the id, and refuses malformed ids before any call', async () => {
    const unknown = await t.request('GET', '/api/ads/no-such-ad-id', { cookie: support });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ code: 'ad_not_found', message: 'No ad with this id.' });
    for (const bad of ['..%2Fx', 'a%2Fb', 'x'.repeat(65)]) expect((await t.request('GET', `/api/ads/${bad}`, { cookie: support })).status).toBe(400);
  });

  it('checks many at once with a result per ad as it comes', async () => {
    const response = await t.request('POST', '/api/ads/check', { cookie: support, body: { adIds: [ads.granted, ads.revoked, ads.none, 'no-such-ad-id', '../bad', ads.granted] } });
    const lines = (await response.text()).trim().split('\n').map((line) => JSON.parse(line) as { type: string; adId?: string; result?: string; reward?: boolean; counts?: object });
    expect(lines[0]).toEqual({ type: 'start', total: 5 });
    const results = lines.filter((line) => line.type === 'result');
    expect(results.filter((line) => line.reward === true).map((line) => line.adId)).toEqual([ads.granted]);
    expect(results.find((line) => line.adId === 'no-such-ad-id')?.result).toBe('not_found');
    expect(results.find((line) => line.adId === '../bad')?.result).toBe('invalid');
    expect(lines.at(-1)).toEqual({ type: 'done', counts: { invalid: 1, ok: 3, not_found: 1 } });
    expect((await t.request('POST', '/api/ads/check', { cookie: support, body: { adIds: Array.from({ length: 1001 }, (_, i) => `a${i}`) } })).status).toBe(400);
  });

  it('stores every check as history with filters and pages', async () => {
    const all = (await (await t.request('GET', '/api/ads/checks?limit=200', { cookie: support })).json()) as { checks: Check[] };
    expect(all.checks.length).toBeGreaterThanOrEqual(9);
    const yes = (await (await t.request('GET', '/api/ads/checks?reward=yes', { cookie: support })).json()) as { checks: Check[] };
    expect(yes.checks.length).toBeGreaterThanOrEqual(2);
    expect(yes.checks.every((entry) => entry.reward && entry.adId === ads.granted)).toBe(true);
    const first = (await (await t.request('GET', '/api/ads/checks?limit=3', { cookie: support })).json()) as { checks: Check[]; nextCursor: string };
    const second = (await (await t.request('GET', `/api/ads/checks?limit=3&cursor=${first.nextCursor}`, { cookie: support })).json()) as { checks: Check[] };
    expect(second.checks.length).toBe(3);
    expect((await t.request('GET', '/api/ads/checks?reward=maybe', { cookie: support })).status).toBe(400);
  });

  it('stores a check that failed because the platform was down, and says so', async () => {
    await setFaults(t.emulator, [{ route: 'GET /v2/ads_network/status/*', kind: 'html_500' }]);
    const response = await t.request('GET', `/api/ads/${ads.granted}`, { cookie: support });
    await clearFaults(t.emulator);
    expect(response.status).toBe(502);
    const history = (await (await t.request('GET', '/api/ads/checks?result=error', { cookie: support })).json()) as { checks: Check[] };
    expect(history.checks[0]).toMatchObject({ adId: ads.granted, result: 'error', reward: false });
  });

  it('feeds the overview: ads checked today by verdict, stuck and moving payments, and status', async () => {
    const response = await t.request('GET', '/api/overview', { cookie: support });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { adsCheckedToday: { rewardYes: number; rewardNo: number }; upstream: { ok: boolean }; store: { ok: boolean }; incompleteServerPayments: number };
    expect(body.adsCheckedToday.rewardYes).toBeGreaterThanOrEqual(2);
    expect(body.adsCheckedToday.rewardNo).toBeGreaterThanOrEqual(4);
    expect(body).toMatchObject({ upstream: { ok: true }, store: { ok: true }, incompleteServerPayments: 0, stuckUserPayments: 0, movingNow: 0 });
  });
});
