import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actOnBatch } from '../../batches/api/batch-action.ts';
import { batchKeys } from '../../batches/api/batch-keys.ts';
import { cancelReward } from '../../rewards/api/cancel-reward.ts';
import type { AwaitingItem } from './get-awaiting-approval.ts';
import { rewardKeys } from '../../rewards/api/reward-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

/** Withdrawing one's own request awaiting approval is cancelling it before anything was paid. */
export async function withdrawAwaiting(item: Pick<AwaitingItem, 'kind' | 'id'>): Promise<void> {
  if (item.kind === 'batch') await actOnBatch(item.id, 'cancel');
  else await cancelReward(item.id);
}

/** Refused or not, the item may have moved: rewards (with what awaits approval) and batches are read again. */
export function useWithdrawAwaiting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawAwaiting,
    onSuccess: () => showToast('Withdrawn: nothing is paid.'),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: rewardKeys.all }), client.invalidateQueries({ queryKey: batchKeys.all })]),
  });
}
