import { z } from 'zod';
import type { RewardView } from '../rewards/reward-view.ts';
import { REWARD_STATES } from '../store/schema.ts';

/** A reward as the public API answers it: what it is, where it stands, and what it became upstream. */
export const publicRewardSchema = z
  .object({
    id: z.uuid(),
    state: z.enum(REWARD_STATES).meta({
      description: '`completed` once paid; `awaiting_approval` above the approval threshold until a second person approves; `failed`, `cancelled`, `rejected` or `needs_attention` when it was not paid as asked.',
    }),
    uid: z.string(),
    amount: z.string().meta({ description: 'A decimal string.', example: '1.25' }),
    memo: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    requestedBy: z.uuid().meta({ description: 'The API key (or staff member) that asked for it.' }),
    approvedBy: z.uuid().nullable().meta({ description: 'Who approved it, when it was above the approval threshold.' }),
    rejection: z.object({ reason: z.string(), at: z.iso.datetime() }).nullable().meta({ description: 'Why and when it was turned down, when it was.' }),
    batchId: z.uuid().nullable().meta({ description: 'The batch it is a row of; null for a single reward.' }),
    refundOf: z.string().nullable().meta({ description: 'The user-to-app payment it refunds, when it is a refund.' }),
    paymentId: z.string().nullable().meta({ description: "The platform's payment, once created." }),
    network: z.string().nullable(),
    txid: z.string().nullable().meta({ description: 'The blockchain transaction, once submitted.' }),
    transactionLink: z.string().nullable(),
    blockedBy: z.string().nullable().meta({ description: "The user's open payment that keeps this one from being created, if any." }),
    error: z.object({ code: z.string(), message: z.string() }).nullable().meta({ description: 'Why the last step failed, if it did.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Reward' });

export type PublicReward = z.output<typeof publicRewardSchema>;

/** The console's view of a reward, less what only its pages need (who by email, what a person may do next). */
export function publicRewardOf(view: RewardView): PublicReward {
  return {
    id: view.id,
    state: view.state,
    uid: view.uid,
    amount: view.amount,
    memo: view.memo,
    metadata: view.metadata,
    requestedBy: view.requestedBy.id,
    approvedBy: view.approvedBy,
    rejection: view.rejection && { reason: view.rejection.reason, at: view.rejection.at },
    batchId: view.batchId,
    refundOf: view.refundOf,
    paymentId: view.paymentId,
    network: view.network,
    txid: view.txid,
    transactionLink: view.transactionLink,
    blockedBy: view.blockedBy,
    error: view.error,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
  };
}
