import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { overviewKeys } from './overview-keys.ts';

/** The home page's numbers: what is stuck, what is moving, today's ad checks, and whether the parts are up. */
export type Overview = InferResponseType<typeof api.overview.$get>;

/** How often the numbers are read again while the page is open. */
export const OVERVIEW_REFRESH_MS = 30_000;

export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return readJson(api.overview.$get(undefined, { init: { signal } }));
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: overviewKeys.counts(),
    queryFn: ({ signal }) => getOverview(signal),
    staleTime: 0,
    refetchInterval: OVERVIEW_REFRESH_MS,
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
