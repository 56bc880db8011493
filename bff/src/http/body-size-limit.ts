import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error.ts';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Request bodies over the limit are refused with 413 before they are read whole. */
export function bodySizeLimit(maxSize = DEFAULT_BODY_LIMIT): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, 'payload_too_large', `The request body is larger than ${Math.round(maxSize / 1024)} KiB.`);
    },
  });
  // Looking for a body makes the Node adapter build a full Request; GET and HEAD carry none.
  return async (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
}
