import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { incompleteKeys } from './incomplete-keys.ts';

/**
 * One incomplete server payment: as the platform listed it, as read again just now (null when that
 * failed), the fix that fits it, and what the console knows of it.
 */
export type IncompleteItem = InferResponseType<typeof api.incomplete.$get>['items'][number];

/** Each is read again from the platform on the server, as the listed copy can be stale. */
export async function getIncomplete(signal?: AbortSignal): Promise<IncompleteItem[]> {
  const { items } = await readJson(api.incomplete.$get(undefined, { init: { signal } }));
  return items;
}

export const incompleteQueryOptions = () =>
  queryOptions({
    queryKey: incompleteKeys.lists(),
    queryFn: ({ signal }) => getIncomplete(signal),
  });

export function useIncomplete() {
  return useQuery(incompleteQueryOptions());
}
