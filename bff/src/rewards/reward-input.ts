import { createHash } from 'node:crypto';
import { z } from 'zod';
import { amountSchema } from '../domain/amount-schema.ts';
import { MAX_MEMO_LENGTH, MAX_METADATA_BYTES, MAX_UID_LENGTH, REFUND_OF_METADATA_KEY, REWARD_ID_METADATA_KEY } from '../../../common/limits.ts';
import { amountProblem } from '../../../common/payable-amount.ts';
import { canonicalJson } from '../canonical-json.ts';
import { isNestedDeeperThan, MAX_JSON_DEPTH } from '../json-depth.ts';

/** Metadata sits one level inside a reward's JSON body, which nests at most MAX_JSON_DEPTH levels. */
export const MAX_METADATA_DEPTH = MAX_JSON_DEPTH - 1;

/** An amount to pay (a reward's, a refund's): also one the chain can hold and the platform receive unchanged. */
export const payableAmountSchema = amountSchema.superRefine((amount, context) => {
  const problem = amountProblem(amount);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

const metadataSchema = z
  .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
  // Before its size is measured: JSON.stringify recurses, and a deep enough value overflows the stack.
  .refine((value) => !isNestedDeeperThan(value, MAX_METADATA_DEPTH), { error: `must nest objects and arrays at most ${MAX_METADATA_DEPTH} levels deep`, abort: true })
  .refine((value) => Buffer.byteLength(JSON.stringify(value)) <= MAX_METADATA_BYTES, `must be at most ${MAX_METADATA_BYTES} bytes as JSON`)
  .refine((value) => !(REWARD_ID_METADATA_KEY in value), `must not contain ${REWARD_ID_METADATA_KEY}: the console sets it`)
  .refine((value) => !(REFUND_OF_METADATA_KEY in value), `must not contain ${REFUND_OF_METADATA_KEY}: the console sets it on refunds`);

export const newRewardSchema = z
  .object({
    uid: z.string({ error: 'the user uid is required' }).trim().min(1, 'the user uid is required').max(MAX_UID_LENGTH).meta({ description: "The platform's uid of the user to pay." }),
    amount: payableAmountSchema.meta({ description: 'A decimal string, never a JSON number: greater than 0, at most 7 decimal places.', example: '1.25' }),
    memo: z
      .string({ error: 'a memo is required' })
      .trim()
      .min(1, 'a memo is required')
      .max(MAX_MEMO_LENGTH, `must be at most ${MAX_MEMO_LENGTH} characters`)
      .meta({ description: 'Shown to the user with the payment.' }),
    metadata: metadataSchema
      .default({})
      .meta({ description: `A JSON object kept with the payment, at most ${MAX_METADATA_BYTES} bytes as JSON, without ${REWARD_ID_METADATA_KEY} or ${REFUND_OF_METADATA_KEY} (the console sets them).` }),
    /** The requester saw the look-alike and means to pay again: without it a look-alike is refused (409 `look_alike`). */
    confirmLookAlike: z
      .boolean({ error: 'must be true or false' })
      .default(false)
      .meta({ description: 'Pay even though a reward like this one (same user, amount and memo) was asked for in the last 24 hours; without it such a request is refused (409 `look_alike`), and nothing is created.' }),
  })
  .meta({ id: 'NewReward', description: 'A reward to pay: one user, one amount.' });

/** A reward request as the API takes it. */
export type RewardRequest = z.output<typeof newRewardSchema>;
/** What a reward pays: the request without what only decides whether to take it. */
export type NewReward = Omit<RewardRequest, 'confirmLookAlike'>;

/** The `Idempotency-Key` header: printable ASCII, so it can be shown and logged as it is. */
export const idempotencyKeySchema = z.object({
  'idempotency-key': z
    .string({ error: 'the Idempotency-Key header is required (one new key per reward you mean to pay)' })
    .regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 printable ASCII characters')
    .meta({ description: 'One new key per reward you mean to pay, 1 to 200 printable ASCII characters. Sent again with the same body, it answers the same reward; with another body it is refused (422).' }),
});

/** A reward's id in a path. */
export const rewardIdParamSchema = z.object({ id: z.uuid('is not a reward id').meta({ description: "The reward's id." }) });

/**
 * What makes two requests with one idempotency key the same request. `confirmLookAlike` is not part of
 * it: a request refused as a look-alike created nothing, and is sent again with the same key, confirmed.
 */
export function requestHashOf(reward: NewReward): string {
  return createHash('sha256').update(canonicalJson([reward.uid, reward.amount, reward.memo, reward.metadata])).digest('hex');
}
