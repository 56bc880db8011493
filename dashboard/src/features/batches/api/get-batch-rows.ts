import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import type { BatchRowFacet } from '../../../display/batch/batch-row-facets.ts';
import { batchKeys } from '../../../display/batch/batch-keys.ts';

export type BatchRowsPage = InferResponseType<(typeof api.rewards.batches)[':id']['rows']['$get']>;
export type BatchRow = BatchRowsPage['rows'][number];

export const BATCH_ROWS_PAGE_SIZE = 100;
/** How often the rows of a batch that can still move by itself are read again. */
const MOVING_ROWS_REFRESH_MS = 3_000;

export function getBatchRows(id: string, facet: BatchRowFacet | null, after: number, signal?: AbortSignal): Promise<BatchRowsPage> {
  const query = { after: String(after), limit: String(BATCH_ROWS_PAGE_SIZE), ...(facet ? { facet } : {}) };
  return readJson(api.rewards.batches[':id'].rows.$get({ param: { id: encodeURIComponent(id) }, query }, { init: { signal } }));
}

/** At module scope, so React Query keeps the flattened rows until a page arrives. */
const allRows = (data: InfiniteData<BatchRowsPage, number>) => data.pages.flatMap((page) => page.rows);

/** In file order, one facet or all; each "Load more" fetches the rows after the last one shown. Read again while the batch moves. */
export const batchRowsQueryOptions = (id: string, facet: BatchRowFacet | null, moving: boolean) =>
  infiniteQueryOptions({
    queryKey: batchKeys.rows(id, facet),
    queryFn: ({ pageParam, signal }) => getBatchRows(id, facet, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.nextAfter ?? undefined,
    select: allRows,
    refetchInterval: moving ? MOVING_ROWS_REFRESH_MS : false,
  });

export function useBatchRows(id: string, facet: BatchRowFacet | null, moving: boolean) {
  return useInfiniteQuery(batchRowsQueryOptions(id, facet, moving));
}
