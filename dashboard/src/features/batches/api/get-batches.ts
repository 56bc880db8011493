import { useInfiniteQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import { cursorListQuery } from '../../../lib/cursor-list-query.ts';
import type { BatchPage } from '../../../display/batch/batch-types.ts';
import { batchFilterParams, type BatchFilters } from '../../../display/batch/batch-filters.ts';
import { batchKeys } from '../../../display/batch/batch-keys.ts';
import { isBatchMoving } from './get-batch.ts';

/** How often the list is read again while a batch shown can still move by itself. */
export const MOVING_BATCHES_REFRESH_MS = 3_000;

const batchList = cursorListQuery({
  read: (query, signal) => readJson(api.rewards.batches.$get({ query }, { init: { signal } })),
  rows: (page: BatchPage) => page.batches,
  refresh: { while: isBatchMoving, everyMs: MOVING_BATCHES_REFRESH_MS },
});

/** Newest first. */
export function useBatches(filters: BatchFilters) {
  return useInfiniteQuery(batchList(batchKeys.list(filters), batchFilterParams(filters)));
}
