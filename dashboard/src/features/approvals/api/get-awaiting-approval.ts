import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { rewardKeys } from '../../rewards/api/reward-keys.ts';

const awaitingRoute = api.rewards['awaiting-approval'];

/** `toApprove`: asked for by others, for the signed-in staff member to approve; `mine`: asked for by them, waiting for someone else. */
export type AwaitingApproval = InferResponseType<(typeof awaitingRoute)['$get']>;

/** A single reward or a batch awaiting approval. */
export type AwaitingItem = AwaitingApproval['toApprove'][number];

/** Others approve while this page is open, so the lists are read again now and then. */
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

export function useAwaitingApproval() {
  return useQuery(awaitingApprovalQueryOptions());
}
