import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { ingestTokenKeys } from './ingest-token-keys.ts';

/** `token` is the secret itself: the server keeps only its hash, so this is the one chance to see it. */
export type CreatedIngestToken = InferResponseType<(typeof api)['ingest-tokens']['$post']>;

export function createIngestToken(name: string): Promise<CreatedIngestToken> {
  return readJson(api['ingest-tokens'].$post({ json: { name } }));
}

export function useCreateIngestToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createIngestToken,
    onSuccess: () => client.invalidateQueries({ queryKey: ingestTokenKeys.lists() }),
  });
}
