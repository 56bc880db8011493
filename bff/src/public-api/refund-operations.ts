import { z } from 'zod';
import { refundIdSchema, refundRequestSchema } from '../refunds/refund-input.ts';
import { idempotencyKeySchema } from '../rewards/reward-input.ts';
import { apiOperation } from './api-operation.ts';
import { errorResponses } from './error-schema.ts';
import { publicRefundSchema } from './refund-schemas.ts';

const refundAnswer = (description: string) => ({ description, content: { 'application/json': { schema: z.object({ refund: publicRefundSchema }) } } });

export const createRefund = apiOperation('refunds:pay', {
  method: 'post',
  path: '/refunds',
  operationId: 'createRefund',
  tags: ['Refunds'],
  summary: 'Refund a payment',
  description:
    "Pays back `amount` of a completed user-to-app payment to the user who paid it (as the platform says, never as the caller says), as a reward through the console's payout gate with the key as the requester. The refunds of one payment never add up to more than its amount, however many are asked for at once: over what is left, 422 `over_refundable` says what remains (`details.remaining`). A payment that is unknown (404 `payment_not_found`), not user-to-app (422 `not_user_to_app`) or not completed (422 `payment_not_completed`) is refused. The `Idempotency-Key` rules are those of `POST /v1/rewards`.",
  request: {
    headers: idempotencyKeySchema,
    body: { required: true, content: { 'application/json': { schema: refundRequestSchema } } },
  },
  responses: {
    201: refundAnswer('A new refund, where it stands.'),
    200: refundAnswer('The refund this `Idempotency-Key` already asked for (the same body), where it stands now.'),
    ...errorResponses([400, 401, 403, 404, 409, 413, 415, 422, 429, 502, 504], {
      409: 'The first request with this `Idempotency-Key` is still being processed (`request_in_flight`): ask again in a moment.',
      422: 'Refused: more than is left to refund (`over_refundable`), a payment that cannot be refunded, this `Idempotency-Key` used with another body (`idempotency_key_reused`), or over a limit (the code says which).',
    }),
  },
});

export const getRefund = apiOperation('refunds:pay', {
  method: 'get',
  path: '/refunds/{id}',
  operationId: 'getRefund',
  tags: ['Refunds'],
  summary: 'Read a refund',
  description: 'The refund as it stands now, with the payment it refunds.',
  request: { params: refundIdSchema },
  responses: {
    200: refundAnswer('The refund.'),
    ...errorResponses([400, 401, 403, 404, 429]),
  },
});
