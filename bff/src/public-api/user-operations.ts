import { z } from 'zod';
import { manyUserNamesSchema, userNamesSchema, userUidParamSchema } from '../users/user-names-input.ts';
import { apiOperation } from './api-operation.ts';
import { errorResponses } from './error-schema.ts';

const userNamesAnswerSchema = z
  .object({
    uid: z.string(),
    username: z.string().nullable(),
    displayName: z.string().nullable(),
    setAt: z.iso.datetime(),
  })
  .meta({ id: 'UserNames' });

export const putUserNames = apiOperation('users:write', {
  method: 'put',
  path: '/users/{uid}',
  operationId: 'putUserNames',
  tags: ['Users'],
  summary: "Set a user's names",
  description:
    "The app's names for one of its users, which the platform does not give the console: staff then see them beside the uid wherever the console shows the user, and find the user by them. They replace what the console had: a name left out or null is none.",
  request: {
    params: userUidParamSchema,
    body: { required: true, content: { 'application/json': { schema: userNamesSchema } } },
  },
  responses: {
    200: { description: "The user's names as the console now holds them.", content: { 'application/json': { schema: z.object({ user: userNamesAnswerSchema }) } } },
    ...errorResponses([400, 401, 403, 413, 415, 429]),
  },
});

export const putManyUserNames = apiOperation('users:write', {
  method: 'post',
  path: '/users',
  operationId: 'putManyUserNames',
  tags: ['Users'],
  summary: "Set many users' names",
  description: "As `PUT /v1/users/{uid}`, for up to 1,000 users at once, all of them or none: each uid once.",
  request: { body: { required: true, content: { 'application/json': { schema: manyUserNamesSchema } } } },
  responses: {
    200: { description: 'How many users were named.', content: { 'application/json': { schema: z.object({ count: z.number().int() }) } } },
    ...errorResponses([400, 401, 403, 413, 415, 429]),
  },
});
