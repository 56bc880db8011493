import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { IncompleteItem } from './get-incomplete.ts';
import { incompleteKeys } from './incomplete-keys.ts';

/**
 * The dry run: what clearing would do to each of `ids` (or to every listed payment, for `null`),
 * decided on a fresh read of each. Nothing is changed.
 */
export async function planClearing(ids: readonly string[] | null, signal?: AbortSignal): Promise<IncompleteItem[]> {
  const json = ids ? { dryRun: true, ids: [...ids] } : { dryRun: true };
  const { items } = await readJson(api.incomplete.clear.$post({ json }, { init: { signal } }));
  return items;
}

/** A POST without effects, so a query: read afresh each time the dialog opens, never from the cache. */
export const clearingPlanQueryOptions = (ids: readonly string[] | null) =>
  queryOptions({
    queryKey: incompleteKeys.plan(ids),
    queryFn: ({ signal }) => planClearing(ids, signal),
    staleTime: 0,
    gcTime: 0,
  });

export function useClearingPlan(ids: readonly string[] | null) {
  return useQuery(clearingPlanQueryOptions(ids));
}
