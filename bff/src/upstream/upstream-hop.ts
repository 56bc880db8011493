import { Pool } from 'undici';
import { sleep } from '../sleep.ts';
import { backoffMs } from './backoff.ts';
import { parseRetryAfter } from './retry-after.ts';
import { isRetryable, UpstreamError, type UpstreamErrorInit } from './upstream-error.ts';
import { outcomeOf, type UpstreamObserver } from './upstream-observer.ts';

export interface UpstreamHopOptions<E extends UpstreamError> {
  /** The upstream's root, e.g. `https://api.example/v2`; its path prefixes every call's. */
  baseUrl: string;
  /** How messages name the upstream: "The platform", "Horizon". */
  name: string;
  /** How metrics name it: `platform`, `horizon`. */
  target: string;
  /** Told of every call's end and every busy answer; nobody unless given. */
  observer?: UpstreamObserver | undefined;
  /** The deadline of one call, in ms: every attempt and the back-off between them included. */
  timeoutMs: number;
  /** The longest deadline a call may ask for instead (a submission's); undici's own timers are set to the longer of the two. */
  longestTimeoutMs?: number;
  /** How many times a read is tried again after a retryable failure. A write is never retried. */
  readRetries: number;
  /** The first back-off between read attempts, in ms (then doubled each time, with jitter). */
  retryBaseDelayMs: number;
  /** A Retry-After longer than this is not waited for; its answer is returned instead. */
  maxRetryAfterMs: number;
  connections: number;
  /** The upstream's own error class, for the failures the hop itself finds (no answer in time, no connection). */
  errorOf: (init: UpstreamErrorInit) => E;
}

/** One HTTP call; `GET` is a read, `POST` a write that may change state upstream. */
export interface UpstreamRequest {
  method: 'GET' | 'POST';
  /** The operation's fixed name for metrics (`get_payment`), whatever ids its path holds. */
  operation: string;
  /** Below the base URL's path; `''` is the root. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** This call's deadline, when it is not the hop's (at most its longestTimeoutMs). */
  timeoutMs?: number;
}

export interface UpstreamAnswer {
  status: number;
  /** The body as JSON; undefined when it is not JSON. */
  body: unknown;
  /** Retry-After of a 429 or a 503, in ms. */
  retryAfterMs: number | undefined;
}

/**
 * The one HTTP hop to an upstream: a keep-alive undici pool for its origin, one deadline per call
 * (its retries and back-off included), and retries for reads only. A write is sent once: an answer
 * that did not arrive (time-out, dropped connection) is an UpstreamError with `outcomeUnknown`, and
 * the caller finds out what happened before acting again.
 */
export class UpstreamHop<E extends UpstreamError> {
  private readonly pool: Pool;
  private readonly basePath: string;

  constructor(private readonly options: UpstreamHopOptions<E>) {
    const url = new URL(options.baseUrl);
    const longest = Math.max(options.timeoutMs, options.longestTimeoutMs ?? 0);
    this.pool = new Pool(url.origin, { connections: options.connections, headersTimeout: longest, bodyTimeout: longest });
    this.basePath = url.pathname.replace(/\/+$/, '');
  }

  /**
   * Sends the request and hands its answer to `read`, which gives the value or throws the upstream's
   * error. A read that fails in a retryable way (no answer, 429, 5xx, an unreadable answer) is tried
   * again while tries remain and the deadline leaves room, after the upstream's Retry-After or a back-off.
   */
  async call<T>(request: UpstreamRequest, read: (answer: UpstreamAnswer) => T): Promise<T> {
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    const deadline = AbortSignal.timeout(timeoutMs);
    const deadlineAt = performance.now() + timeoutMs;
    const tries = request.method === 'GET' ? this.options.readRetries + 1 : 1;
    const started = performance.now();
    let status: number | null = null;
    const ended = (error: { code: string } | null) => {
      this.options.observer?.called({ target: this.options.target, operation: request.operation, outcome: outcomeOf(status, error), seconds: (performance.now() - started) / 1000 });
    };
    for (let attempt = 1; ; attempt++) {
      status = null;
      try {
        const answer = await this.attempt(request, deadline, timeoutMs);
        status = answer.status;
        const value = read(answer);
        ended(null);
        return value;
      } catch (error) {
        if (!(error instanceof UpstreamError) || attempt >= tries || !isRetryable(error)) {
          ended(error instanceof UpstreamError ? error : { code: 'unknown' });
          throw error;
        }
        const delay = this.delayBefore(attempt, error);
        // A retry that could not finish before the deadline is not tried: the failure is the answer.
        if (delay === null || performance.now() + delay >= deadlineAt) {
          ended(error);
          throw error;
        }
        await sleep(delay);
      }
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async attempt({ method, path, headers, body }: UpstreamRequest, signal: AbortSignal, timeoutMs: number): Promise<UpstreamAnswer> {
    try {
      const response = await this.pool.request({ method, path: this.basePath + path || '/', headers, body, signal });
      const status = response.statusCode;
      if (status === 429 || status === 504) this.options.observer?.busy({ target: this.options.target, status });
      const retryAfter = status === 429 || status === 503 ? parseRetryAfter(headerValue(response.headers['retry-after'])) : undefined;
      return { status, body: parseJson(await response.body.text()), retryAfterMs: retryAfter };
    } catch (cause) {
      const timedOut = signal.aborted || isUndiciTimeout(cause);
      throw this.options.errorOf({
        status: null,
        code: timedOut ? 'timeout' : 'network_error',
        message: timedOut ? `${this.options.name} did not answer within ${timeoutMs} ms` : `${this.options.name} could not be reached (${describeCause(cause)})`,
        outcomeUnknown: method !== 'GET',
      });
    }
  }

  private delayBefore(attempt: number, error: UpstreamError): number | null {
    if (error.retryAfterMs !== undefined) return error.retryAfterMs <= this.options.maxRetryAfterMs ? error.retryAfterMs : null;
    return backoffMs(attempt - 1, { baseMs: this.options.retryBaseDelayMs });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isUndiciTimeout(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
}

function describeCause(cause: unknown): string {
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : cause instanceof Error ? cause.message : 'unknown cause';
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
