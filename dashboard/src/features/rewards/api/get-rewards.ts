import { useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { cursorListQuery } from '../../../lib/cursor-list-query.ts';
import { rewardFilterParams, type RewardFilters } from '../../../display/reward/reward-filters.ts';
import { isUnfinished, UNFINISHED_REWARD_REFRESH_MS } from '../../../display/reward/reward-states.ts';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';

export type RewardPage = InferResponseType<typeof api.rewards.$get>;

const rewardList = cursorListQuery({
  read: (query, signal) => readJson(api.rewards.$get({ query }, { init: { signal } })),
  rows: (page: RewardPage) => page.rewards,
  refresh: { while: (reward) => isUnfinished(reward.state), everyMs: UNFINISHED_REWARD_REFRESH_MS },
});

/** Newest first; read again while any row shown is unfinished. */
export function useRewards(filters: RewardFilters) {
  return useInfiniteQuery(rewardList(rewardKeys.list(filters), rewardFilterParams(filters)));
}
