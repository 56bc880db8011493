import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { BatchPage } from '../../../display/batch/batch-types.ts';
import { batchFilterParams, type BatchFilters } from '../../../display/batch/batch-filters.ts';
import { batchKeys } from '../../../display/batch/batch-keys.ts';
import { isBatchMoving } from './get-batch.ts';

export const BATCHES_PAGE_SIZE = 50;
/** How often the list is read again while a batch shown can still move by itself. */
export const MOVING_BATCHES_REFRESH_MS = 3_000;

export function getBatches(filters: BatchFilters, cursor: string | null, signal?: AbortSignal): Promise<BatchPage> {
  const params = batchFilterParams(filters);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(BATCHES_PAGE_SIZE));
  return readJson(api.rewards.batches.$get({ query: Object.fromEntries(params) }, { init: { signal } }));
}

/** At module scope, so React Query keeps the flattened rows until a page arrives. */
const allBatches = (data: InfiniteData<BatchPage, string | null>) => data.pages.flatMap((page) => page.batches);

/** Newest first; each "Load more" fetches the page after the last row shown. */
export const batchesQueryOptions = (filters: BatchFilters) =>
  infiniteQueryOptions({
    queryKey: batchKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getBatches(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    select: allBatches,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.batches.some(isBatchMoving)) ? MOVING_BATCHES_REFRESH_MS : false),
  });

export function useBatches(filters: BatchFilters) {
  return useInfiniteQuery(batchesQueryOptions(filters));
}
