import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { RewardDetail } from '../../../display/reward/reward-types.ts';
import { isUnfinished, UNFINISHED_REWARD_REFRESH_MS } from '../../../display/reward/reward-states.ts';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';

export function getReward(id: string, signal?: AbortSignal): Promise<RewardDetail> {
  return readJson(api.rewards[':id'].$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } }));
}

export const rewardQueryOptions = (id: string) =>
  queryOptions({
    queryKey: rewardKeys.detail(id),
    queryFn: ({ signal }) => getReward(id, signal),
    staleTime: 0,
    // A settled reward never moves again; an unfinished one is watched until it does.
    refetchInterval: (query) => {
      const state = query.state.data?.reward.state;
      return state && isUnfinished(state) ? UNFINISHED_REWARD_REFRESH_MS : false;
    },
  });

export function useReward(id: string) {
  return useQuery(rewardQueryOptions(id));
}
