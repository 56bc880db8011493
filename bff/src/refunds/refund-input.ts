import { z } from 'zod';
import { MAX_MEMO_LENGTH } from '../../../common/limits.ts';
import { pathIdSchema } from '../platform/ids.ts';
import { payableAmountSchema } from '../rewards/reward-input.ts';

/**
 * What a refund request carries, for the staff route (the payment in the path) and for the app's
 * backend (the payment in the body). Neither names whom to pay: a refund pays the payment's payer, as
 * the platform says. An `Idempotency-Key` header comes with each (`idempotencyKeySchema` of rewards).
 */
export const newRefundSchema = z.object({
  amount: payableAmountSchema,
  /** Absent or blank: "Refund of payment …" (common/refund-memo.ts). */
  memo: z
    .string({ error: 'must be text' })
    .trim()
    .max(MAX_MEMO_LENGTH, `must be at most ${MAX_MEMO_LENGTH} characters`)
    .optional(),
});

export type NewRefund = z.output<typeof newRefundSchema>;

/** `POST /v1/refunds`: the refund and the user-to-app payment it refunds. */
export const refundRequestSchema = newRefundSchema.extend({ paymentId: pathIdSchema });

export type RefundRequest = z.output<typeof refundRequestSchema>;

/** A refund's id (its reward's), as `GET /v1/refunds/{id}` takes it. */
export const refundIdSchema = z.object({ id: z.uuid('is not a refund id') });

