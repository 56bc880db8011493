import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';

const lookAlikeRoute = api.rewards['look-alike'];

/** An earlier reward to the same user for the same amount and memo, asked for in the last day by anyone. */
export type LookAlike = NonNullable<InferResponseType<(typeof lookAlikeRoute)['$get']>['similarTo']>;

interface Wanted {
  uid: string;
  amount: string;
  memo: string;
  /** A reward already asked for, left out of its own look-up. */
  except?: string;
}

export const lookAlikeQueryOptions = (wanted: Wanted) =>
  queryOptions({
    queryKey: rewardKeys.lookAlike(wanted),
    queryFn: async ({ signal }) => (await readJson(lookAlikeRoute.$get({ query: wanted }, { init: { signal } }))).similarTo,
    staleTime: 0,
  });

export function useLookAlike(wanted: Wanted) {
  return useQuery(lookAlikeQueryOptions(wanted));
}
