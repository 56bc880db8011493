import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Refusal, RefusalKind } from '../domain/refusal.ts';
import { ApiError } from './api-error.ts';

const STATUS_OF_KIND: Record<RefusalKind, ContentfulStatusCode> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rejected: 422,
  throttled: 429,
};

/** The one place a domain refusal becomes an HTTP answer. */
export function apiErrorFromRefusal(refusal: Refusal): ApiError {
  const headers = refusal.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(refusal.retryAfterSeconds) };
  return new ApiError(STATUS_OF_KIND[refusal.kind], refusal.code, refusal.message, undefined, headers, refusal.details, refusal.field);
}
