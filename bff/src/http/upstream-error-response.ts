import { ChainError } from '../chain/chain-error.ts';
import type { UpstreamError } from '../upstream/upstream-error.ts';
import { ApiError } from './api-error.ts';

/** How an upstream that did not give its answer reaches staff: Horizon's failures and the platform's each in their words. */
export function apiErrorFromUpstream(error: UpstreamError): ApiError {
  return error instanceof ChainError ? apiErrorFromChain(error) : apiErrorFromPlatform(error);
}

/**
 * How an upstream failure reaches staff. A refusal (the platform answered and said no) keeps the
 * platform's own code; an upstream that is down, slow or garbled is a gateway problem, not theirs.
 */
function apiErrorFromPlatform(error: UpstreamError): ApiError {
  const upstream = { status: error.status, code: error.code, message: error.message };
  if (error.code === 'invalid_id') return new ApiError(400, 'invalid_id', error.message);
  if (error.status === null) {
    return error.code === 'timeout'
      ? new ApiError(504, 'upstream_timeout', 'The Platform API did not answer in time.', upstream)
      : new ApiError(502, 'upstream_unreachable', 'The Platform API could not be reached.', upstream);
  }
  if (error.code === 'invalid_response') {
    return new ApiError(502, 'upstream_invalid_response', 'The Platform API gave an answer the console cannot read.', upstream);
  }
  if (error.status === 404) return new ApiError(404, error.code, error.message, upstream);
  if (error.status === 429) {
    const retryAfter = error.retryAfterMs === undefined ? undefined : { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) };
    return new ApiError(503, 'upstream_rate_limited', 'The Platform API is rate-limiting the console; try again shortly.', upstream, retryAfter);
  }
  if (error.status === 401 && error.code !== 'missing_scope') {
    return new ApiError(502, 'upstream_auth_failed', "The Platform API did not accept the console's server key.", upstream);
  }
  if (error.status >= 500) return new ApiError(502, 'upstream_error', 'The Platform API failed to process the request.', upstream);
  return new ApiError(422, error.code, error.message, upstream);
}

/** Horizon gave no usable answer to a read: a gateway problem, said as such. */
function apiErrorFromChain(error: ChainError): ApiError {
  const upstream = { status: error.status, code: error.code, message: error.message };
  if (error.status === null && error.code === 'timeout') return new ApiError(504, 'horizon_timeout', 'Horizon did not answer in time.', upstream);
  return new ApiError(502, 'horizon_unavailable', 'Horizon (the blockchain API) did not give a usable answer.', upstream);
}
