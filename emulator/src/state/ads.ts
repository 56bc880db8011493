import { badRequest, notFound } from '../errors.ts';
import { newAdId } from '../ids.ts';

export type AdAckStatus = 'granted' | 'revoked' | 'failed';
export type AdAction = 'grant' | 'revoke' | 'fail';

export interface Ad {
  readonly identifier: string;
  status: AdAckStatus | null;
  grantedAt: number | null;
  revokedAt: number | null;
}

const TRANSITIONS: Record<AdAction, { from: AdAckStatus | null; to: AdAckStatus }> = {
  grant: { from: null, to: 'granted' },
  fail: { from: null, to: 'failed' },
  revoke: { from: 'granted', to: 'revoked' },
};

export class AdBook {
  private readonly ads = new Map<string, Ad>();

  create(): Ad {
    const ad: Ad = { identifier: newAdId(), status: null, grantedAt: null, revokedAt: null };
    this.ads.set(ad.identifier, ad);
    return ad;
  }

  find(adId: string): Ad {
    const ad = this.ads.get(adId);
    if (ad === undefined) throw notFound('ad_not_found', `no ad with id ${adId}`);
    return ad;
  }

  apply(ad: Ad, action: AdAction, now: number): Ad {
    const { from, to } = TRANSITIONS[action];
    if (ad.status !== from) {
      throw badRequest('invalid_transition', `cannot ${action} an ad whose status is ${ad.status ?? 'null'}`);
    }
    ad.status = to;
    if (to === 'granted') ad.grantedAt = now;
    if (to === 'revoked') ad.revokedAt = now;
    return ad;
  }
}
