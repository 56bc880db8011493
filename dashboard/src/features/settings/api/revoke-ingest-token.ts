import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { IngestToken } from './get-ingest-tokens.ts';
import { ingestTokenKeys } from './ingest-token-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

export async function revokeIngestToken(id: string): Promise<IngestToken> {
  const { ingestToken } = await readJson(api['ingest-tokens'][':id'].$delete({ param: { id: encodeURIComponent(id) } }));
  return ingestToken;
}

/** Requests with a revoked token are refused from the moment the server answers. */
export function useRevokeIngestToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeIngestToken,
    onSuccess: () => {
      showToast('Ingest token revoked: it no longer works.');
      return client.invalidateQueries({ queryKey: ingestTokenKeys.lists() });
    },
  });
}
