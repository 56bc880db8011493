import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveReward } from './approve-reward.ts';
import { actOnBatch } from '../../batches/api/batch-action.ts';
import { batchKeys } from '../../batches/api/batch-keys.ts';
import { cancelReward } from '../../rewards/api/cancel-reward.ts';
import type { AwaitingItem } from './get-awaiting-approval.ts';
import { rewardKeys } from '../../rewards/api/reward-keys.ts';

/** Approve (someone else's request) or withdraw (one's own): withdrawing is cancelling before anything was paid. */
export type AwaitingDecision = 'approve' | 'withdraw';

export async function decideAwaiting(item: Pick<AwaitingItem, 'kind' | 'id'>, decision: AwaitingDecision): Promise<void> {
  if (item.kind === 'batch') await actOnBatch(item.id, decision === 'approve' ? 'approve' : 'cancel');
  else if (decision === 'approve') await approveReward(item.id);
  else await cancelReward(item.id);
}

/** Refused or not, the item may have moved: rewards (with what awaits approval) and batches are read again. */
export function useDecideAwaiting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, decision }: { item: AwaitingItem; decision: AwaitingDecision }) => decideAwaiting(item, decision),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: rewardKeys.all }), client.invalidateQueries({ queryKey: batchKeys.all })]),
  });
}
