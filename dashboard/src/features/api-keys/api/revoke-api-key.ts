import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { apiKeyKeys } from './api-key-keys.ts';
import type { ApiKey } from './get-api-keys.ts';

export async function revokeApiKey(id: string): Promise<ApiKey> {
  const { apiKey } = await readJson(api['api-keys'][':id'].revoke.$post({ param: { id: encodeURIComponent(id) } }));
  return apiKey;
}

/** Requests with a revoked key, its old secret during a roll included, are refused from the moment the server answers. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (key) => {
      showToast(`API key “${key.name}” revoked: it no longer works.`);
      return client.invalidateQueries({ queryKey: apiKeyKeys.lists() });
    },
  });
}
