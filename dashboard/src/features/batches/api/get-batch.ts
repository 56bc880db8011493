import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { Batch, BatchPreview } from '../../../display/batch/batch-types.ts';
import { batchKeys } from '../../../display/batch/batch-keys.ts';

/** How often a batch that is paying is read again while it is on screen. */
export const RUNNING_BATCH_REFRESH_MS = 1_000;

/**
 * Read again while something can still change by itself: rows left to settle, or a batch that is
 * running or waiting for its approver. A running batch with no row left ends as finished a moment
 * after its last row settles, so "none remaining" alone would stop reading before that.
 */
export function isBatchMoving(batch: Pick<Batch, 'state'> & { progress: Pick<Batch['progress'], 'remaining'> }): boolean {
  return batch.progress.remaining > 0 || batch.state === 'running' || batch.state === 'awaiting_approval';
}

export function getBatch(id: string, signal?: AbortSignal): Promise<BatchPreview> {
  return readJson(api.rewards.batches[':id'].$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } }));
}

export const batchQueryOptions = (id: string) =>
  queryOptions({
    queryKey: batchKeys.detail(id),
    queryFn: ({ signal }) => getBatch(id, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isBatchMoving(query.state.data.batch) ? RUNNING_BATCH_REFRESH_MS : false),
  });

export function useBatch(id: string) {
  return useQuery(batchQueryOptions(id));
}
