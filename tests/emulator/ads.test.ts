import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RewardedAdStatusDTO } from '../../emulator/src/dto.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { Harness } from '../support/emulator-control.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const newAd = async () => (await h.ok<{ adId: string }>('POST', '/__control/ads')).adId;
const status = (adId: string) => h.ok<RewardedAdStatusDTO>('GET', `/v2/ads_network/status/${adId}`);
const act = (adId: string, action: string) => h.request<RewardedAdStatusDTO & { error?: string }>('POST', `/__control/ads/${adId}/${action}`);

describe('rewarded ad status', () => {
  it('starts with status null', async () => {
    const adId = await newAd();
    expect(await status(adId)).toEqual({
      identifier: adId,
      mediator_ack_status: null,
      mediator_granted_at: null,
      mediator_revoked_at: null,
    });
  });

  it('moves null → granted → revoked and records the times', async () => {
    const adId = await newAd();
    const granted = (await act(adId, 'grant')).json;
    expect(granted.mediator_ack_status).toBe('granted');
    expect(granted.mediator_granted_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(await status(adId)).toEqual(granted);
    const revoked = (await act(adId, 'revoke')).json;
    expect(revoked).toMatchObject({ mediator_ack_status: 'revoked', mediator_granted_at: granted.mediator_granted_at });
    expect(revoked.mediator_revoked_at).toMatch(/Z$/);
  });

  it('moves null → failed', async () => {
    const adId = await newAd();
    expect((await act(adId, 'fail')).json).toMatchObject({ mediator_ack_status: 'failed', mediator_granted_at: null, mediator_revoked_at: null });
  });

  it.each([
    [[], 'revoke'],
    [['grant'], 'grant'],
    [['grant'], 'fail'],
    [['fail'], 'grant'],
    [['fail'], 'revoke'],
    [['grant', 'revoke'], 'grant'],
    [['grant', 'revoke'], 'revoke'],
  ])('after %j refuses %s with invalid_transition', async (steps, action) => {
    const adId = await newAd();
    for (const step of steps) expect((await act(adId, step)).status).toBe(200);
    const reply = await act(adId, action);
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('invalid_transition');
  });

  it('answers 404 ad_not_found for unknown ads, on both APIs', async () => {
    const reply = await h.request('GET', '/v2/ads_network/status/no-such-ad');
    expect(reply.status).toBe(404);
    expect(reply.json.error).toBe('ad_not_found');
    expect((await act('no-such-ad', 'grant')).status).toBe(404);
    expect((await act(await newAd(), 'explode')).status).toBe(404);
  });
});
