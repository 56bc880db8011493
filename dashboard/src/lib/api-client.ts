import { hc } from 'hono/client';
import type { ClientResponse } from 'hono/client';
import type { AppType } from '../../../bff/src/app.ts';
import type { ErrorEnvelope, UpstreamErrorInfo } from '../../../bff/src/http/api-error.ts';

/** The one typed client for the console's own server; every call goes through `readJson`. */
export const api = hc<AppType>('/api');

/** A request to the console's server that did not get the answer it expected. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    /** HTTP status, or 0 when no answer arrived at all. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null = null,
    readonly upstream: UpstreamErrorInfo | null = null,
  ) {
    super(message);
  }
}

/**
 * The body of a successful answer (or of one of `acceptedStatuses`, for routes
 * whose non-2xx answers carry data); anything else becomes an `ApiRequestError`.
 */
export async function readJson<Body>(
  request: Promise<ClientResponse<Body, number, 'json'>>,
  acceptedStatuses: readonly number[] = [],
): Promise<Body> {
  let response: ClientResponse<Body, number, 'json'>;
  try {
    response = await request;
  } catch (error) {
    // A cancelled request is the caller's doing, not an unreachable server.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network_error', 'The console server could not be reached.');
  }
  if (response.ok || acceptedStatuses.includes(response.status)) return response.json();
  throw errorFromBody(response.status, await response.json().catch(() => null));
}

function errorFromBody(status: number, body: unknown): ApiRequestError {
  if (!isErrorEnvelope(body)) {
    return new ApiRequestError(status, 'unexpected_response', `The console server answered ${status} without an error description.`);
  }
  const { code, message, requestId, upstream } = body.error;
  return new ApiRequestError(status, code, message, requestId, upstream ?? null);
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string' &&
    'requestId' in error &&
    typeof error.requestId === 'string'
  );
}
