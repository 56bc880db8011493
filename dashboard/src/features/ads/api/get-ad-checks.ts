import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { adCheckFilterParams, type AdCheckFilters } from '../ad-check-filters.ts';
import { adCheckKeys } from './ad-check-keys.ts';

export type AdCheckPage = InferResponseType<typeof api.ads.checks.$get>;

export const AD_CHECKS_PAGE_SIZE = 50;

export function getAdChecks(filters: AdCheckFilters, cursor: string | null, signal?: AbortSignal): Promise<AdCheckPage> {
  const params = adCheckFilterParams(filters);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(AD_CHECKS_PAGE_SIZE));
  return readJson(api.ads.checks.$get({ query: Object.fromEntries(params) }, { init: { signal } }));
}

/** At module scope, so React Query keeps the flattened rows until a page arrives. */
const allChecks = (data: InfiniteData<AdCheckPage, string | null>) => data.pages.flatMap((page) => page.checks);

/** Newest first; each "Load more" fetches the page after the last row shown. */
export const adChecksQueryOptions = (filters: AdCheckFilters) =>
  infiniteQueryOptions({
    queryKey: adCheckKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAdChecks(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    select: allChecks,
  });

export function useAdChecks(filters: AdCheckFilters) {
  return useInfiniteQuery(adChecksQueryOptions(filters));
}
