import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

export async function retryReward(id: string): Promise<Reward> {
  const { reward } = await readJson(api.rewards[':id'].retry.$post({ param: { id: encodeURIComponent(id) } }));
  return reward;
}

/** Refused or not, the reward may have moved, so the lists and the detail are read again. */
export function useRetryReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryReward,
    onSuccess: () => showToast('Retrying the reward: its state below is the latest.'),
    onSettled: () => client.invalidateQueries({ queryKey: rewardKeys.all }),
  });
}
