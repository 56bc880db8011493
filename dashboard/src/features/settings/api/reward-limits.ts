import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';

const limitsRoute = api.settings['reward-limits'];
export type RewardLimits = InferResponseType<(typeof limitsRoute)['$get']>['limits'];
type NewLimits = InferRequestType<(typeof limitsRoute)['$put']>['json'];

const limitKeys = { all: ['reward-limits'] as const };

export const rewardLimitsQueryOptions = () =>
  queryOptions({ queryKey: limitKeys.all, queryFn: async ({ signal }) => (await readJson(limitsRoute.$get(undefined, { init: { signal } }))).limits });

export function useRewardLimits() {
  return useQuery(rewardLimitsQueryOptions());
}

export function useSetRewardLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (limits: NewLimits) => (await readJson(limitsRoute.$put({ json: limits }))).limits,
    onSuccess: () => showToast('Reward limits saved.'),
    onSettled: () => client.invalidateQueries({ queryKey: limitKeys.all }),
  });
}
