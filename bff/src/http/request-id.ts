import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';
export const CLIENT_REQUEST_ID_HEADER = 'X-Client-Request-Id';
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Every request gets the console's own id (the one in logs, error bodies and audit rows); a client
 * cannot choose it. A client's `X-Request-Id` of a safe shape is kept beside it, for correlation only.
 */
export const requestIds: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = randomUUID();
  c.set('requestId', id);
  c.header(REQUEST_ID_HEADER, id);
  const clientId = c.req.header(REQUEST_ID_HEADER);
  const kept = clientId !== undefined && CLIENT_REQUEST_ID.test(clientId) ? clientId : null;
  c.set('clientRequestId', kept);
  if (kept) c.header(CLIENT_REQUEST_ID_HEADER, kept);
  await next();
};
