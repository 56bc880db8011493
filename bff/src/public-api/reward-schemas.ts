import { z } from 'zod';
import type { PublicReward } from '../rewards/public-reward.ts';
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
  .meta({ id: 'Reward' }) satisfies z.ZodType<PublicReward>;

export type { PublicReward };
