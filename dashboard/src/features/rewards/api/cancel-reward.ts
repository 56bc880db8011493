import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

async function cancelReward(id: string): Promise<Reward> {
  const { reward } = await readJson(api.rewards[':id'].cancel.$post({ param: { id: encodeURIComponent(id) } }));
  return reward;
}

/** Refused or not, the reward may have moved, so the lists and the detail are read again. */
export function useCancelReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelReward,
    onSuccess: () => showToast('Reward cancelled: nothing more is paid.'),
    onSettled: () => client.invalidateQueries({ queryKey: rewardKeys.all }),
  });
}
