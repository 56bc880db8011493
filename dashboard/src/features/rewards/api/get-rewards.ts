import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { rewardFilterParams, type RewardFilters } from '../../../display/reward/reward-filters.ts';
import { isUnfinished, UNFINISHED_REWARD_REFRESH_MS } from '../../../display/reward/reward-states.ts';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';

export type RewardPage = InferResponseType<typeof api.rewards.$get>;

export const REWARDS_PAGE_SIZE = 50;

export function getRewards(filters: RewardFilters, cursor: string | null, signal?: AbortSignal): Promise<RewardPage> {
  const params = rewardFilterParams(filters);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(REWARDS_PAGE_SIZE));
  return readJson(api.rewards.$get({ query: Object.fromEntries(params) }, { init: { signal } }));
}

/** At module scope, so React Query keeps the flattened rows until a page arrives. */
const allRewards = (data: InfiniteData<RewardPage, string | null>) => data.pages.flatMap((page) => page.rewards);

/** Newest first; each "Load more" fetches the page after the last row shown. Read again while any row shown is unfinished. */
export const rewardsQueryOptions = (filters: RewardFilters) =>
  infiniteQueryOptions({
    queryKey: rewardKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getRewards(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    select: allRewards,
    refetchInterval: (query) => {
      const moving = query.state.data?.pages.some((page) => page.rewards.some((reward) => isUnfinished(reward.state)));
      return moving ? UNFINISHED_REWARD_REFRESH_MS : false;
    },
  });

export function useRewards(filters: RewardFilters) {
  return useInfiniteQuery(rewardsQueryOptions(filters));
}
