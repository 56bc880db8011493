import { z } from 'zod';
import type { PublicRefund } from '../rewards/public-reward.ts';
import { publicRewardSchema } from './reward-schemas.ts';

/** A refund as the public API answers it: the reward that pays it back, and the payment it refunds. */
export const publicRefundSchema = publicRewardSchema
  .pick({ id: true, state: true, uid: true, amount: true, memo: true, paymentId: true, network: true, txid: true, transactionLink: true, error: true, createdAt: true, updatedAt: true })
  .extend({ refundOf: z.string().meta({ description: 'The user-to-app payment it refunds.' }) })
  .meta({ id: 'Refund' }) satisfies z.ZodType<PublicRefund>;

export type { PublicRefund };
