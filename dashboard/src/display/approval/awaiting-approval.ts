import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../lib/api-client.ts';
import { batchKeys } from '../batch/batch-keys.ts';
import { rewardKeys } from '../reward/reward-keys.ts';

const awaitingRoute = api.rewards['awaiting-approval'];

/**
 * `toApprove`: asked for by others, for the signed-in staff member to approve or reject; `mine`: asked
 * for by them, waiting for someone else or rejected lately (with who rejected it and why).
 */
export type AwaitingApproval = InferResponseType<(typeof awaitingRoute)['$get']>;

/** A single reward or a batch awaiting approval (or, in `mine`, rejected). */
export type AwaitingItem = AwaitingApproval['toApprove'][number];

/** Others ask and decide while the console is open, so the lists (and the counts in the sidebar and on the overview) are read again now and then. */
export const AWAITING_REFRESH_MS = 10_000;

export function getAwaitingApproval(signal?: AbortSignal): Promise<AwaitingApproval> {
  return readJson(awaitingRoute.$get(undefined, { init: { signal } }));
}

export const awaitingApprovalQueryOptions = () =>
  queryOptions({
    queryKey: rewardKeys.awaiting(),
    queryFn: ({ signal }) => getAwaitingApproval(signal),
    staleTime: 0,
    refetchInterval: AWAITING_REFRESH_MS,
  });

/** `enabled`: false where the staff member would have nothing to see, so nothing is asked. */
export function useAwaitingApproval(enabled = true) {
  return useQuery({ ...awaitingApprovalQueryOptions(), enabled });
}

/** After a decision on a request, refused or not, it may have moved: rewards (with what awaits approval) and batches are read again. */
export function readRequestsAgain(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: rewardKeys.all }), client.invalidateQueries({ queryKey: batchKeys.all })]);
}
