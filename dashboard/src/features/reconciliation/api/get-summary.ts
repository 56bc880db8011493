import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { periodParams, type Period } from '../reconciliation-filters.ts';
import { reconciliationKeys } from './reconciliation-keys.ts';

/** The wallet's balance rolled forward over the period, every figure a 7-place decimal string. */
export type RollForward = InferResponseType<typeof api.reconciliation.summary.$get, 200>;

export function getSummary(period: Period, signal?: AbortSignal): Promise<RollForward> {
  return readJson(api.reconciliation.summary.$get({ query: Object.fromEntries(periodParams(period)) }, { init: { signal } }));
}

export const summaryQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: reconciliationKeys.summary(period),
    queryFn: ({ signal }) => getSummary(period, signal),
  });

export function useSummary(period: Period) {
  return useQuery(summaryQueryOptions(period));
}
