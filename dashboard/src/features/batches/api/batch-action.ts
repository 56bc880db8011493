import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import { batchKeys } from '../../../display/batch/batch-keys.ts';
import type { Batch } from '../../../display/batch/batch-types.ts';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

export type BatchVerb = 'start' | 'approve' | 'pause' | 'resume' | 'cancel';

const batchActionDone: Record<BatchVerb, string> = {
  start: 'Batch started: the page shows its progress.',
  approve: 'Batch approved: it is being paid.',
  pause: 'Batch paused: no new row starts.',
  resume: 'Batch resumed.',
  cancel: 'Batch cancelled: the rows not started are not paid.',
};

async function actOnBatch(id: string, verb: BatchVerb): Promise<Batch> {
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
    onSuccess: (_batch, verb) => showToast(batchActionDone[verb]),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: batchKeys.detail(id) }), client.invalidateQueries({ queryKey: rewardKeys.awaiting() })]),
  });
}
