import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

/** What a manager asks to pay: the user's uid, the amount as a decimal string, a memo and metadata. */
export type NewReward = InferRequestType<typeof api.rewards.$post>['json'];

export interface PayRewardRequest {
  reward: NewReward;
  /** One per submission: the server answers a repeat of it with the same reward instead of paying again. */
  idempotencyKey: string;
}

/** The server drives the reward as far as it goes at once, so the answer may already be completed or failed. */
export async function payReward({ reward, idempotencyKey }: PayRewardRequest): Promise<Reward> {
  const answer = await readJson(api.rewards.$post({ json: reward, header: { 'idempotency-key': idempotencyKey } }));
  return answer.reward;
}

export function usePayReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payReward,
    onSuccess: () => showToast('Reward asked for: its page shows how it goes.'),
    onSettled: () => client.invalidateQueries({ queryKey: rewardKeys.lists() }),
  });
}
