import { z } from 'zod';
import { PAYMENT_STATES } from '../../../common/payment-states.ts';
import type { PublicPayment } from '../payments/public-payment.ts';
import { paymentStatusSchema, paymentTransactionSchema } from '../platform/schemas.ts';

/** A payment as the public API answers it: the platform's PaymentDTO, its amount a decimal string, and its state in one word. */
export const publicPaymentSchema = z
  .object({
    identifier: z.string(),
    user_uid: z.string(),
    amount: z.string().meta({ description: 'A decimal string.', example: '1.25' }),
    memo: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    from_address: z.string(),
    to_address: z.string(),
    direction: z.enum(['user_to_app', 'app_to_user']),
    created_at: z.string(),
    network: z.string(),
    status: paymentStatusSchema,
    transaction: paymentTransactionSchema.nullable(),
    state: z.enum(PAYMENT_STATES).meta({ description: 'Where the payment stands, derived from its status flags and its transaction.' }),
  })
  .meta({ id: 'Payment' }) satisfies z.ZodType<PublicPayment>;

export type { PublicPayment };

/** What became of one id sent to the ingest operation. */
export const ingestResultSchema = z
  .discriminatedUnion('result', [
    z.object({ id: z.string(), result: z.literal('indexed'), state: z.enum(PAYMENT_STATES) }),
    z.object({ id: z.string(), result: z.literal('not_found') }),
    z.object({ id: z.string(), result: z.literal('invalid'), message: z.string() }),
    z.object({ id: z.string(), result: z.literal('error'), code: z.string(), message: z.string() }),
  ])
  .meta({ id: 'IngestResult' });
