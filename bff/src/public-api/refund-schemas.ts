import { z } from 'zod';
import type { RefundView } from '../refunds/refund-view.ts';
import { publicRewardSchema } from './reward-schemas.ts';

/** A refund as the public API answers it: the reward that pays it back, and the payment it refunds. */
export const publicRefundSchema = publicRewardSchema
  .pick({ id: true, state: true, uid: true, amount: true, memo: true, paymentId: true, network: true, txid: true, transactionLink: true, error: true, createdAt: true, updatedAt: true })
  .extend({ refundOf: z.string().meta({ description: 'The user-to-app payment it refunds.' }) })
  .meta({ id: 'Refund' });

export type PublicRefund = z.output<typeof publicRefundSchema>;

export function publicRefundOf(view: RefundView): PublicRefund {
  const { id, state, uid, amount, memo, paymentId, network, txid, transactionLink, error, createdAt, updatedAt, refundOf } = view;
  return { id, state, uid, amount, memo, paymentId, network, txid, transactionLink, error, createdAt, updatedAt, refundOf };
}
