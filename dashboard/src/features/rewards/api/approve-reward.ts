import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

/** A second manager or admin lets a reward above the approval threshold go on; the server pays it at once. */
export async function approveReward(id: string): Promise<Reward> {
  const { reward } = await readJson(api.rewards[':id'].approve.$post({ param: { id: encodeURIComponent(id) } }));
  return reward;
}

/** Refused or not, the reward may have moved, so the lists, the detail and what awaits approval are read again. */
export function useApproveReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveReward,
    onSuccess: () => showToast('Approved: the reward is being paid.'),
    onSettled: () => client.invalidateQueries({ queryKey: rewardKeys.all }),
  });
}
