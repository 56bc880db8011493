import { MAX_UID_LENGTH } from '../../../../common/limits.ts';
import { setParams } from '../../lib/url-state.ts';
import type { RewardState } from './reward-types.ts';
import { rewardStates } from './reward-states.ts';

/** The Rewards table's filters, as the URL holds them; an empty string or list means "any". */
export interface RewardFilters {
  state: RewardState[];
  /** The user's uid, exactly. */
  uid: string;
  /** The staff id of whoever asked for the reward. */
  requestedBy: string;
}

export const noRewardFilters: RewardFilters = { state: [], uid: '', requestedBy: '' };

const MAX_STAFF_ID_LENGTH = 64;

/** The filters in `params`; values that cannot be right (an unknown state, an over-long uid) are dropped. */
export function readRewardFilters(params: URLSearchParams): RewardFilters {
  const named = new Set((params.get('state') ?? '').split(',').map((state) => state.trim()));
  const uid = params.get('uid')?.trim() ?? '';
  const requestedBy = params.get('requestedBy')?.trim() ?? '';
  return {
    state: rewardStates.filter((state) => named.has(state)),
    uid: uid.length <= MAX_UID_LENGTH ? uid : '',
    requestedBy: requestedBy.length <= MAX_STAFF_ID_LENGTH ? requestedBy : '',
  };
}

/** The filters that are set, in a fixed order, for the URL, the API and the CSV export alike. */
export function rewardFilterParams(filters: RewardFilters): URLSearchParams {
  return setParams({ state: filters.state.join(','), uid: filters.uid, requestedBy: filters.requestedBy }, ['state', 'uid', 'requestedBy']);
}

/** A link to the Rewards page showing `filters`. */
export function rewardsViewPath(filters: Partial<RewardFilters>): string {
  const query = rewardFilterParams({ ...noRewardFilters, ...filters }).toString();
  return query ? `/rewards?${query}` : '/rewards';
}

/** A reward's detail page. */
export function rewardPath(id: string): string {
  return `/rewards/${encodeURIComponent(id)}`;
}

/** The Rewards page's parameter that fills the pay form's uid in. */
export const PAY_PARAM = 'pay';

/** The Rewards page with the pay form ready for this user: a link that works on reload too. */
export function payRewardPath(uid: string): string {
  return `/rewards?${new URLSearchParams({ [PAY_PARAM]: uid }).toString()}`;
}
