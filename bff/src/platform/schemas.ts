import { z } from 'zod';
import { amountFromWire } from './amount.ts';

/** Wire shapes of the Platform API v2, checked on every response. Unknown extra fields are dropped. */

const isoTimestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not an ISO 8601 date');

export const paymentStatusSchema = z.object({
  developer_approved: z.boolean(),
  transaction_verified: z.boolean(),
  developer_completed: z.boolean(),
  cancelled: z.boolean(),
  user_cancelled: z.boolean(),
});

export const paymentTransactionSchema = z.object({
  txid: z.string().min(1),
  verified: z.boolean(),
  _link: z.string(),
});

export const paymentSchema = z.object({
  identifier: z.string().min(1),
  user_uid: z.string(),
  amount: z.number().nonnegative().lt(1e15).transform(amountFromWire),
  memo: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  from_address: z.string(),
  to_address: z.string(),
  direction: z.enum(['user_to_app', 'app_to_user']),
  created_at: isoTimestamp,
  network: z.string(),
  status: paymentStatusSchema,
  transaction: paymentTransactionSchema.nullable(),
});

export const userSchema = z.object({
  uid: z.string().min(1),
  credentials: z.object({
    scopes: z.array(z.string()),
    valid_until: z.object({ timestamp: z.number(), iso8601: z.string() }),
  }),
  username: z.string().optional(),
});

export const incompleteServerPaymentsSchema = z.object({
  incomplete_server_payments: z.array(paymentSchema),
});

export const rewardedAdStatusSchema = z.object({
  identifier: z.string(),
  mediator_ack_status: z.enum(['granted', 'revoked', 'failed']).nullable(),
  mediator_granted_at: isoTimestamp.nullable(),
  mediator_revoked_at: isoTimestamp.nullable(),
});

export const platformErrorBodySchema = z.object({
  error: z.string().min(1),
  error_message: z.string().optional(),
  payment: z.unknown().optional(),
  verification_error: z.string().optional(),
});

/** A payment as the BFF holds it: the wire DTO with `amount` as a decimal string. */
export type Payment = z.output<typeof paymentSchema>;
export type PaymentStatus = z.output<typeof paymentStatusSchema>;
export type PlatformUser = z.output<typeof userSchema>;
export type RewardedAdStatus = z.output<typeof rewardedAdStatusSchema>;
