import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from './api-client.ts';
import { systemKeys } from './system-keys.ts';

export type Meta = InferResponseType<typeof api.meta.$get>;

export function getMeta(signal?: AbortSignal): Promise<Meta> {
  return readJson(api.meta.$get(undefined, { init: { signal } }));
}

/** The mode is fixed for the life of the server process, so it is read once. */
export const metaQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.meta(),
    queryFn: ({ signal }) => getMeta(signal),
    staleTime: Infinity,
  });

export function useMeta() {
  return useQuery(metaQueryOptions());
}
