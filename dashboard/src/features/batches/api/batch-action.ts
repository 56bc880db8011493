import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import { batchKeys } from './batch-keys.ts';
import type { Batch } from './get-batch.ts';
import { rewardKeys } from '../../rewards/api/reward-keys.ts';

export type BatchVerb = 'start' | 'approve' | 'pause' | 'resume' | 'cancel';

export async function actOnBatch(id: string, verb: BatchVerb): Promise<Batch> {
  const batch = api.rewards.batches[':id'];
  const param = { param: { id: encodeURIComponent(id) } };
  const { batch: moved } = await readJson(batch[verb].$post(param));
  return moved;
}

/** Refused or not, the batch may have moved, so it is read again, and so is what awaits approval. */
export function useBatchAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (verb: BatchVerb) => actOnBatch(id, verb),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: batchKeys.detail(id) }), client.invalidateQueries({ queryKey: rewardKeys.awaiting() })]),
  });
}
