import type { AdCheckView } from '../../../dashboard/src/features/ads/ad-check-words.ts';

export const AD_ID = 'ad-2026-05-15-0001';

/** A check that found the ad granted, unless `overrides` say otherwise. */
export function adCheck(overrides: Partial<AdCheckView> = {}): AdCheckView {
  return {
    id: 1,
    adId: AD_ID,
    checkedAt: '2026-05-15T09:00:00.000Z',
    checkedBy: 'support@sandbox.local',
    result: 'ok',
    status: 'granted',
    grantedAt: '2026-05-15T08:59:00.000Z',
    revokedAt: null,
    reward: true,
    errorCode: null,
    ...overrides,
  };
}
