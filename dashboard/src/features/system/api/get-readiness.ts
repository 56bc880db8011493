import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { systemKeys } from '../../../lib/system-keys.ts';

export type Readiness = InferResponseType<typeof api.ready.$get>;

export const READINESS_REFRESH_MS = 15_000;

/**
 * A 503 from /ready is an answer, not a failure: its body says which part of the upstream is down.
 * Sent without the session cookie: a background poll is not staff activity and must not keep an
 * idle session alive.
 */
export function getReadiness(signal?: AbortSignal): Promise<Readiness> {
  return readJson(api.ready.$get(undefined, { init: { signal, credentials: 'omit' } }), [503]);
}

export const readinessQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.readiness(),
    queryFn: ({ signal }) => getReadiness(signal),
    staleTime: 0,
    refetchInterval: READINESS_REFRESH_MS,
  });

export function useReadiness() {
  return useQuery(readinessQueryOptions());
}
