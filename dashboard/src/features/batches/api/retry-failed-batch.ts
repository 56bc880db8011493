import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import { batchKeys } from '../../../display/batch/batch-keys.ts';
import type { BatchPreview } from '../../../display/batch/batch-types.ts';
import { showToast } from '../../../lib/toasts.ts';

/** The failed rows of a batch as a new batch, previewed again: nothing is paid until it is started. */
export function retryFailedRows(id: string): Promise<BatchPreview> {
  return readJson(api.rewards.batches[':id']['retry-failed'].$post({ param: { id: encodeURIComponent(id) } }));
}

/** The new batch's preview goes straight into the cache, so its page opens without reading it again. */
export function useRetryFailedRows() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryFailedRows,
    onSuccess: (preview) => {
      client.setQueryData(batchKeys.detail(preview.batch.id), preview);
      showToast('The rows a retry can pay are a new batch: check its preview, then start it.');
    },
  });
}
