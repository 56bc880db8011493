import { z } from 'zod';
import { idempotencyKeySchema, newRewardSchema, rewardIdParamSchema } from '../rewards/reward-input.ts';
import { rewardListSchema } from '../rewards/reward-list-request.ts';
import { apiOperation } from './api-operation.ts';
import { errorResponses } from './error-schema.ts';
import { publicRewardSchema } from './reward-schemas.ts';

const rewardAnswer = (description: string) => ({ description, content: { 'application/json': { schema: z.object({ reward: publicRewardSchema }) } } });

export const createReward = apiOperation('rewards:pay', {
  method: 'post',
  path: '/rewards',
  operationId: 'createReward',
  tags: ['Rewards'],
  summary: 'Pay a reward',
  description:
    "Pays one user through the console's reward pipeline and payout gate, with the key as the requester: its limits and the console's apply. Above the approval threshold the reward is `awaiting_approval` until a second person approves it in the console. The answer comes once the payment is completed or after a few seconds, with the reward where it stands; read it again for the rest. The same `Idempotency-Key` with the same body answers the same reward (200), for as long as the reward is kept; with another body it is refused (422 `idempotency_key_reused`); while the first request is still being processed, 409 `request_in_flight`.",
  request: {
    headers: idempotencyKeySchema,
    body: { required: true, content: { 'application/json': { schema: newRewardSchema } } },
  },
  responses: {
    201: rewardAnswer('A new reward, where it stands.'),
    200: rewardAnswer('The reward this `Idempotency-Key` already asked for (the same body), where it stands now.'),
    ...errorResponses([400, 401, 403, 409, 413, 415, 422, 429], {
      409: 'A reward like this one (same user, amount and memo) was asked for in the last 24 hours (`look_alike`, naming it in `details`; nothing was created): send the same request with the same key and `confirmLookAlike: true` to pay again. Or the first request with this `Idempotency-Key` is still being processed (`request_in_flight`): ask again in a moment.',
      422: 'Refused: this `Idempotency-Key` was used with another body (`idempotency_key_reused`), or the reward is over a limit or not payable now (the code says which).',
    }),
  },
});

export const getReward = apiOperation('rewards:read', {
  method: 'get',
  path: '/rewards/{id}',
  operationId: 'getReward',
  tags: ['Rewards'],
  summary: 'Read a reward',
  description: 'The reward as it stands now.',
  request: { params: rewardIdParamSchema },
  responses: {
    200: rewardAnswer('The reward.'),
    ...errorResponses([400, 401, 403, 404, 429]),
  },
});

export const listRewards = apiOperation('rewards:read', {
  method: 'get',
  path: '/rewards',
  operationId: 'listRewards',
  tags: ['Rewards'],
  summary: 'List rewards',
  description: 'Rewards, newest first, a page at a time: send `nextCursor` back as `cursor` for the next page, until it is null.',
  request: { query: rewardListSchema },
  responses: {
    200: {
      description: 'A page of rewards.',
      content: {
        'application/json': {
          schema: z.object({ rewards: z.array(publicRewardSchema), nextCursor: z.string().nullable().meta({ description: 'The next page’s `cursor`; null on the last page.' }) }),
        },
      },
    },
    ...errorResponses([400, 401, 403, 429]),
  },
});
