import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { isUnfinished, UNFINISHED_REWARD_REFRESH_MS } from '../reward-states.ts';
import { rewardKeys } from './reward-keys.ts';

export type RewardDetail = InferResponseType<(typeof api.rewards)[':id']['$get']>;

/** One reward to a user, as the console drives it: its state, its payment and transaction, and why it stopped if it did. */
export type Reward = RewardDetail['reward'];

export type RewardState = Reward['state'];

/** A recovery point the console committed on the way. */
export type RewardEvent = RewardDetail['events'][number];

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
