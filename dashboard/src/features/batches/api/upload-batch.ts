import { useMutation } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { BatchPreview } from '../../../display/batch/batch-types.ts';

/** Sends the file as it is (text/csv); the server reads and checks it and answers the preview. */
export function uploadBatch(file: File): Promise<BatchPreview> {
  return readJson(api.rewards.batches.$post({ query: { name: file.name } }, { init: { body: file, headers: { 'Content-Type': 'text/csv' } } }));
}

export function useUploadBatch() {
  return useMutation({ mutationFn: uploadBatch });
}
