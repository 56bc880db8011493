import { useInfiniteQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import { cursorListQuery } from '../../../lib/cursor-list-query.ts';
import type { ExceptionPage } from '../../../display/reconciliation/exception-types.ts';
import { exceptionFilterParams, type ExceptionFilters } from '../reconciliation-filters.ts';
import { reconciliationKeys } from './reconciliation-keys.ts';

const exceptionList = cursorListQuery({
  read: (query, signal) => readJson(api.reconciliation.exceptions.$get({ query }, { init: { signal } })),
  rows: (page: ExceptionPage) => page.exceptions,
});

/** Newest first. */
export function useExceptions(filters: ExceptionFilters) {
  return useInfiniteQuery(exceptionList(reconciliationKeys.exceptions(filters), exceptionFilterParams(filters)));
}
