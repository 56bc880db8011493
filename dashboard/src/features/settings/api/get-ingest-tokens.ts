import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { ingestTokenKeys } from './ingest-token-keys.ts';

/** A token's record; the token itself is stored hashed and never comes back. */
export type IngestToken = InferResponseType<(typeof api)['ingest-tokens']['$get']>['tokens'][number];

export async function getIngestTokens(signal?: AbortSignal): Promise<IngestToken[]> {
  const { tokens } = await readJson(api['ingest-tokens'].$get(undefined, { init: { signal } }));
  return tokens;
}

export const ingestTokensQueryOptions = () =>
  queryOptions({
    queryKey: ingestTokenKeys.lists(),
    queryFn: ({ signal }) => getIngestTokens(signal),
  });

export function useIngestTokens() {
  return useQuery(ingestTokensQueryOptions());
}
