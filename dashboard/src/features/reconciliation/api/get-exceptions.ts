import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { ExceptionPage } from '../../../display/reconciliation/exception-types.ts';
import { exceptionFilterParams, type ExceptionFilters } from '../reconciliation-filters.ts';
import { reconciliationKeys } from './reconciliation-keys.ts';

export const EXCEPTIONS_PAGE_SIZE = 50;

export function getExceptions(filters: ExceptionFilters, cursor: string | null, signal?: AbortSignal): Promise<ExceptionPage> {
  const query = exceptionFilterParams(filters);
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(EXCEPTIONS_PAGE_SIZE));
  return readJson(api.reconciliation.exceptions.$get({ query: Object.fromEntries(query) }, { init: { signal } }));
}

/** At module scope, so React Query keeps the flattened rows until a page arrives. */
const allExceptions = (data: InfiniteData<ExceptionPage, string | null>) => data.pages.flatMap((page) => page.exceptions);

/** Newest first; each "Load more" fetches the page after the last row shown. */
export const exceptionsQueryOptions = (filters: ExceptionFilters) =>
  infiniteQueryOptions({
    queryKey: reconciliationKeys.exceptions(filters),
    queryFn: ({ pageParam, signal }) => getExceptions(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    select: allExceptions,
  });

export function useExceptions(filters: ExceptionFilters) {
  return useInfiniteQuery(exceptionsQueryOptions(filters));
}
