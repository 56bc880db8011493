import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './api-key-keys.ts';

/** A key's record: its hint tells keys apart; the secret itself is stored hashed and never comes back. */
export type ApiKey = InferResponseType<(typeof api)['api-keys']['$get']>['apiKeys'][number];

/** What a key may let the app's backend do: the server's permission table names each. */
export type Scope = ApiKey['scopes'][number];

export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const { apiKeys } = await readJson(api['api-keys'].$get(undefined, { init: { signal } }));
  return apiKeys;
}

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeyKeys.lists(),
    queryFn: ({ signal }) => getApiKeys(signal),
  });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
