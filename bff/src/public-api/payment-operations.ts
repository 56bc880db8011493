import { z } from 'zod';
import { ingestSchema } from '../payments/ingest-routes.ts';
import { paymentPageSchema } from '../payments/payment-routes.ts';
import { pathIdSchema } from '../platform/ids.ts';
import { apiOperation } from './api-operation.ts';
import { errorResponses } from './error-schema.ts';
import { ingestResultSchema, publicPaymentSchema } from './payment-schemas.ts';

export const getPayment = apiOperation('payments:read', {
  method: 'get',
  path: '/payments/{id}',
  operationId: 'getPayment',
  tags: ['Payments'],
  summary: 'Read a payment',
  description: 'The payment fresh from the platform (the console indexes it as it reads it).',
  request: { params: z.object({ id: pathIdSchema.meta({ description: "The platform's payment id." }) }) },
  responses: {
    200: { description: 'The payment.', content: { 'application/json': { schema: z.object({ payment: publicPaymentSchema }) } } },
    ...errorResponses([400, 401, 403, 404, 429, 502, 504]),
  },
});

export const listPayments = apiOperation('payments:read', {
  method: 'get',
  path: '/payments',
  operationId: 'listPayments',
  tags: ['Payments'],
  summary: 'List payments',
  description:
    "The console's index of the app's payments, filtered and sorted, a page at a time: send `nextCursor` back as `cursor`, with the same filters and order, for the next page, until it is null.",
  request: { query: paymentPageSchema },
  responses: {
    200: {
      description: 'A page of payments.',
      content: {
        'application/json': {
          schema: z.object({ payments: z.array(publicPaymentSchema), nextCursor: z.string().nullable().meta({ description: 'The next page’s `cursor`; null on the last page.' }) }),
        },
      },
    },
    ...errorResponses([400, 401, 403, 429]),
  },
});

export const ingestPayments = apiOperation('payments:ingest', {
  method: 'post',
  path: '/ingest/payments',
  operationId: 'ingestPayments',
  tags: ['Payments'],
  summary: 'Send payment ids to index',
  description:
    "Ids of the app's payments for the console to index: it fetches each from the platform itself and never trusts a payload. Answers when every id is done, with what became of each. The same as `POST /api/ingest/payments`.",
  request: { body: { required: true, content: { 'application/json': { schema: ingestSchema } } } },
  responses: {
    200: { description: 'What became of each distinct id.', content: { 'application/json': { schema: z.object({ results: z.array(ingestResultSchema) }) } } },
    ...errorResponses([400, 401, 403, 413, 415, 429]),
  },
});
