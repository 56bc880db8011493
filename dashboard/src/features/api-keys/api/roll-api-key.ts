import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './api-key-keys.ts';

const rollRoute = api['api-keys'][':id'].roll;

/** The key's new secret, shown this once, and the key as it is now (until when the old secret works). */
export type RolledApiKey = InferResponseType<(typeof rollRoute)['$post']>;

export function rollApiKey({ id, overlapHours }: { id: string; overlapHours: number }): Promise<RolledApiKey> {
  return readJson(rollRoute.$post({ param: { id: encodeURIComponent(id) }, json: { overlapHours } }));
}

/** The new secret works from the moment the server answers; the old one until the overlap ends. */
export function useRollApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rollApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.lists() }),
  });
}
