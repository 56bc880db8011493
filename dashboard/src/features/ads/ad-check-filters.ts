import type { AdCheckView } from '../../../../bff/src/public-types.ts';
import { isoOrEmpty, setParams } from '../../lib/url-state.ts';

export type AdCheckResult = AdCheckView['result'];

export const adCheckResults: readonly AdCheckResult[] = ['ok', 'not_found', 'error'];

/** The history's filters, as the URL holds them; an empty string means "any". */
export interface AdCheckFilters {
  /** Exactly. */
  adId: string;
  reward: 'yes' | 'no' | '';
  result: AdCheckResult | '';
  /** ISO time, inclusive. */
  from: string;
  /** ISO time, exclusive. */
  to: string;
}

export const noAdCheckFilters: AdCheckFilters = { adId: '', reward: '', result: '', from: '', to: '' };

const ORDER = ['adId', 'reward', 'result', 'from', 'to'] as const;

/** The filters in `params`; values that cannot be right (an unknown result, a time that is not one) are dropped. */
export function readAdCheckFilters(params: URLSearchParams): AdCheckFilters {
  const adId = params.get('adId')?.trim() ?? '';
  const reward = params.get('reward');
  return {
    adId: adId.length <= 64 ? adId : '',
    reward: reward === 'yes' || reward === 'no' ? reward : '',
    result: adCheckResults.find((result) => result === params.get('result')) ?? '',
    from: isoOrEmpty(params.get('from')),
    to: isoOrEmpty(params.get('to')),
  };
}

/** The filters that are set, in a fixed order, for the URL and the API alike. */
export function adCheckFilterParams(filters: AdCheckFilters): URLSearchParams {
  return setParams(filters, ORDER);
}
