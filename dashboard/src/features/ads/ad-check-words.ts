import type { AdCheckView } from '../../../../bff/src/public-types.ts';
import type { AdCheckResult } from './ad-check-filters.ts';

export type { AdCheckView };

type AdStatus = NonNullable<AdCheckView['status']>;

/** The platform's settlement of a rewarded ad, in words staff can act on. */
const statusWords: Record<AdStatus, string> = {
  granted: 'Granted: the reward may be given',
  revoked: 'Revoked: the grant was taken back',
  failed: 'Failed: the ad did not earn the reward',
};

/** What one check found, in words: the ad's status, or why there is none. */
export function adCheckInWords({ result, status, errorCode }: Pick<AdCheckView, 'result' | 'status' | 'errorCode'>): string {
  if (result === 'not_found') return 'No ad with this id';
  if (result === 'error') return `Could not be checked${errorCode ? ` (${errorCode})` : ''}`;
  return status ? statusWords[status] : 'None yet: not settled';
}

/** The verdict by the spec's rule, which the server applies: a reward only for a granted ad. */
export function rewardInWords(reward: boolean): string {
  return reward ? 'Reward: yes' : 'Reward: no';
}

export const adCheckResultWords: Record<AdCheckResult, string> = { ok: 'Checked', not_found: 'No such ad', error: 'Error' };
