import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, ApiRequestError, readJson } from '../../../lib/api-client.ts';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';
import { showToast } from '../../../lib/toasts.ts';
import type { LookAlike } from './get-look-alike.ts';

/** What a manager asks to pay: the user's uid, the amount as a decimal string, a memo and metadata. */
export type NewReward = Omit<InferRequestType<typeof api.rewards.$post>['json'], 'confirmLookAlike'>;

export interface PayRewardRequest {
  reward: NewReward;
  /** One per submission: the server answers a repeat of it with the same reward instead of paying again. */
  idempotencyKey: string;
  /** The manager saw an earlier reward like this one and pays again; else the server refuses a look-alike. */
  confirmLookAlike: boolean;
}

/** The server drives the reward as far as it goes at once, so the answer may already be completed or failed. */
export async function payReward({ reward, idempotencyKey, confirmLookAlike }: PayRewardRequest): Promise<Reward> {
  const json = confirmLookAlike ? { ...reward, confirmLookAlike } : reward;
  const answer = await readJson(api.rewards.$post({ json, header: { 'idempotency-key': idempotencyKey } }));
  return answer.reward;
}

/**
 * The earlier reward a `look_alike` refusal names: asked for meanwhile (or before the pay form's
 * look-up answered), so nothing was paid; null for any other error.
 */
export function refusedLookAlike(error: Error | null): LookAlike | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'look_alike') return null;
  const named: unknown = error.details?.['similarTo'];
  if (typeof named !== 'object' || named === null) return null;
  const { id, requestedAt, requestedBy } = named as Record<string, unknown>;
  return typeof id === 'string' && typeof requestedAt === 'string' && typeof requestedBy === 'object' && requestedBy !== null ? (named as LookAlike) : null;
}

export function usePayReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payReward,
    onSuccess: () => showToast('Reward asked for: its page shows how it goes.'),
    onSettled: () => client.invalidateQueries({ queryKey: rewardKeys.lists() }),
  });
}
