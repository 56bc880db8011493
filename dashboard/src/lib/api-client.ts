import { hc, type ClientResponse } from 'hono/client';
import type { AppType, ErrorEnvelope, UpstreamErrorInfo } from '../../../bff/src/public-types.ts';
import { readNdjson } from './ndjson.ts';
import type { ProgressEvent } from './progress-stream.ts';
import { askForStepUp, STEP_UP_REQUIRED } from './step-up.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every request to the console's server leaves through here. The server refuses an unsafe
 * request (POST, PUT, PATCH, DELETE) without this header, which a cross-site form cannot set.
 * An action refused until the second factor is checked again is sent once more, unchanged, after the
 * person has given it, so whatever asked for it (a form, a dialog) simply sees the action's answer.
 */
export const consoleFetch: typeof fetch = async (input, init) => {
  const request = input instanceof Request ? input : null;
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  if (SAFE_METHODS.has(method)) return fetch(input, init);
  const headers = new Headers(init?.headers ?? request?.headers);
  headers.set('X-Plat-Console', '1');
  const send = () => fetch(input, { ...init, headers });
  const answer = await send();
  if (!(await asksForStepUp(answer)) || !(await askForStepUp())) return answer;
  return send();
};

async function asksForStepUp(answer: Response): Promise<boolean> {
  if (answer.status !== 401) return false;
  const body: unknown = await answer
    .clone()
    .json()
    .catch(() => null);
  return isErrorEnvelope(body) && body.error.code === STEP_UP_REQUIRED;
}

/**
 * The typed client for every route the server's `AppType` describes. Requests carry the session
 * cookie unless a call says otherwise.
 */
export const api = hc<AppType>('/api', { fetch: consoleFetch, init: { credentials: 'same-origin' } });

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
    /** From a `Retry-After` header given in seconds, when the server sent one. */
    readonly retryAfterSeconds: number | null = null,
    /** What the refusal names besides its words (the earlier reward of a look-alike), as the server sent it. */
    readonly details: Record<string, unknown> | null = null,
    /** The input at fault, as the request named it (`graceDays`, `metadata.tier`). */
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

/** What the readers below need of one of the typed client's answers. */
interface Answer<Body> {
  ok: boolean;
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
  json(): Promise<Body>;
}

/**
 * What the JSON answers of a route hold, as its type in `AppType` says. A route that can also
 * stream (clearing, unless it is a dry run) types `json()` as unknown for all its answers, so the
 * body type is taken from its JSON answers alone.
 */
type JsonBody<A> = A extends ClientResponse<infer Body, number, 'json'> ? Body : never;

/** The answer, or an `ApiRequestError` with status 0 when none arrived. */
async function settle<Answer>(request: Promise<Answer>): Promise<Answer> {
  try {
    return await request;
  } catch (error) {
    // A cancelled request is the caller's doing, not an unreachable server.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network_error', 'The console server could not be reached.');
  }
}

/**
 * The body of a successful answer (or of one of `acceptedStatuses`, for routes
 * whose non-2xx answers carry data); anything else becomes an `ApiRequestError`.
 */
export async function readJson<A extends Answer<unknown>>(request: Promise<A>, acceptedStatuses: readonly number[] = []): Promise<JsonBody<A>> {
  const response = await settle(request);
  if (response.ok || acceptedStatuses.includes(response.status)) return response.json() as Promise<JsonBody<A>>;
  throw await errorFrom(response);
}

/**
 * The lines of a successful NDJSON answer, parsed as they arrive, for bulk work whose progress is
 * shown while it runs. A streamed route's type does not say what its lines hold, so the caller
 * names `Result`: the type the route's service yields for each item.
 */
export async function readProgressEvents<Result extends { result: string }>(
  request: Promise<Answer<unknown>>,
): Promise<AsyncGenerator<ProgressEvent<Result>>> {
  const response = await settle(request);
  if (!response.ok) throw await errorFrom(response);
  if (!response.body) throw new ApiRequestError(response.status, 'unexpected_response', 'The console server answered without a body.');
  return readNdjson<ProgressEvent<Result>>(response.body);
}

/** For answers without a body, such as 204. */
export async function readNoContent(request: Promise<Answer<unknown>>): Promise<void> {
  const response = await settle(request);
  if (!response.ok) throw await errorFrom(response);
}

async function errorFrom(response: Answer<unknown>): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => null);
  const { status } = response;
  if (!isErrorEnvelope(body)) {
    return new ApiRequestError(status, 'unexpected_response', `The console server answered ${status} without an error description.`);
  }
  const { code, message, requestId, upstream, details, field } = body.error;
  return new ApiRequestError(status, code, message, requestId, upstream ?? null, retryAfterSeconds(response.headers), details ?? null, field ?? null);
}

function retryAfterSeconds(headers: Headers): number | null {
  const value = headers.get('Retry-After');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
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
