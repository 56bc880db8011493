import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from '../logger.ts';
import { Refusal } from '../domain/refusal.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { ApiError, type ErrorEnvelope } from './api-error.ts';
import type { AppEnv } from './app-env.ts';
import { apiErrorFromUpstream } from './upstream-error-response.ts';
import { apiErrorFromRefusal } from './refusal-response.ts';

export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  const body: ErrorEnvelope = {
    error: {
      code: error.code,
      message: error.message,
      requestId: c.get('requestId'),
      ...(error.field === undefined ? {} : { field: error.field }),
      ...(error.upstream ? { upstream: error.upstream } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  };
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(body, error.status);
}

export function createErrorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof Refusal) return errorResponse(c, apiErrorFromRefusal(error));
    if (error instanceof UpstreamError) return errorResponse(c, apiErrorFromUpstream(error));
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, new ApiError(error.status, 'bad_request', error.message || 'The request is not valid.'));
    }
    logger.error('unhandled error', { requestId: c.get('requestId'), path: c.req.path, error });
    return errorResponse(c, new ApiError(500, 'internal_error', 'Something went wrong in the console; the error is logged.'));
  };
}

export const notFoundHandler: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(c, new ApiError(404, 'not_found', `No such endpoint: ${c.req.method} ${c.req.path}`));
