import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './api-key-keys.ts';

export type NewApiKey = InferRequestType<(typeof api)['api-keys']['$post']>['json'];

/** `secret` is the key itself: the server keeps only its hash, so this is the one chance to see it. */
export type CreatedApiKey = InferResponseType<(typeof api)['api-keys']['$post']>;

export function createApiKey(key: NewApiKey): Promise<CreatedApiKey> {
  return readJson(api['api-keys'].$post({ json: key }));
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.lists() }),
  });
}
