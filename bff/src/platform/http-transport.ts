import { Pool } from 'undici';
import { PlatformError } from './platform-error.ts';
import { paymentSchema, platformErrorBodySchema } from './schemas.ts';
import { describeCause, isRetryable, isUndiciTimeout, parseJson, sleep } from './upstream-hop.ts';

export interface TransportOptions {
  /** The versioned root, e.g. `https://api.example/v2`. */
  baseUrl: string;
  apiKey: string;
  /** The deadline of one call, in ms: every attempt and the back-off between them included. */
  timeoutMs: number;
  /** How many times a GET is tried again after a retryable failure. POSTs are never retried. */
  getRetries: number;
  /** Base of the exponential backoff between GET attempts, in ms. */
  retryBaseDelayMs: number;
  /** A Retry-After longer than this is not waited for; the 429 is returned instead. */
  maxRetryAfterMs: number;
  connections: number;
}

export const defaultTransportOptions = {
  timeoutMs: 10_000,
  getRetries: 2,
  retryBaseDelayMs: 200,
  maxRetryAfterMs: 5_000,
  connections: 32,
} satisfies Partial<TransportOptions>;

type Method = 'GET' | 'POST';

interface Answer {
  status: number;
  body: unknown;
}

export interface RequestOptions {
  body?: unknown;
  /** Replaces the server-key header, for the calls made with a user's access token. */
  authorization?: string;
}

/**
 * The HTTP hop to the Platform API: one keep-alive connection pool, one deadline per call (retries
 * and back-off included), retries with backoff and jitter for GETs only, and every failure turned
 * into a PlatformError.
 */
export class PlatformTransport {
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly authorization: string;

  constructor(private readonly options: TransportOptions) {
    const url = new URL(options.baseUrl);
    this.pool = new Pool(url.origin, {
      connections: options.connections,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.authorization = `Key ${options.apiKey}`;
  }

  async request(method: Method, path: string, options: RequestOptions = {}): Promise<Answer> {
    const attempts = method === 'GET' ? this.options.getRetries + 1 : 1;
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const deadlineAt = performance.now() + this.options.timeoutMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(method, path, options, deadline);
      } catch (error) {
        if (!(error instanceof PlatformError) || attempt >= attempts || !isRetryable(error)) throw error;
        const delay = this.delayBefore(attempt, error);
        // A retry that could not finish before the deadline is not tried: the failure is the answer.
        if (delay === null || performance.now() + delay >= deadlineAt) throw error;
        await sleep(delay);
      }
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async attempt(method: Method, path: string, { body, authorization }: RequestOptions, signal: AbortSignal): Promise<Answer> {
    const unsafe = method !== 'GET';
    let status: number;
    let text: string;
    let retryAfter: string | undefined;
    try {
      const response = await this.pool.request({
        method,
        path: this.basePath + path,
        headers: {
          authorization: authorization ?? this.authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      status = response.statusCode;
      retryAfter = headerValue(response.headers['retry-after']);
      text = await response.body.text();
    } catch (cause) {
      const timedOut = signal.aborted || isUndiciTimeout(cause);
      throw new PlatformError({
        status: null,
        code: timedOut ? 'timeout' : 'network_error',
        message: timedOut
          ? `The platform did not answer within ${this.options.timeoutMs} ms`
          : `The platform could not be reached (${describeCause(cause)})`,
        outcomeUnknown: unsafe,
      });
    }

    const parsed = parseJson(text);
    if (status >= 200 && status < 300) {
      if (parsed === undefined) {
        throw new PlatformError({
          status,
          code: 'invalid_response',
          message: `The platform answered ${status} with a body that is not JSON`,
          outcomeUnknown: unsafe,
        });
      }
      return { status, body: parsed };
    }
    throw errorFromAnswer(status, parsed, retryAfter, unsafe);
  }

  private delayBefore(attempt: number, error: PlatformError): number | null {
    if (error.retryAfterMs !== undefined) {
      return error.retryAfterMs <= this.options.maxRetryAfterMs ? error.retryAfterMs : null;
    }
    const ceiling = this.options.retryBaseDelayMs * 2 ** (attempt - 1);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }
}

function errorFromAnswer(status: number, parsed: unknown, retryAfter: string | undefined, unsafe: boolean): PlatformError {
  const retryAfterMs = status === 429 ? parseRetryAfter(retryAfter) : undefined;
  // A 5xx to a state-changing call may come after the change was applied.
  const outcomeUnknown = unsafe && status >= 500;
  const body = platformErrorBodySchema.safeParse(parsed);
  if (!body.success) {
    return new PlatformError({
      status,
      code: status === 429 ? 'rate_limited' : 'unknown_error',
      message: `The platform answered ${status} without a readable error body`,
      retryAfterMs,
      outcomeUnknown,
    });
  }
  const payment = paymentSchema.safeParse(body.data.payment);
  return new PlatformError({
    status,
    code: body.data.error,
    message: body.data.error_message ?? body.data.error,
    payment: payment.success ? payment.data : undefined,
    verificationError: body.data.verification_error,
    retryAfterMs,
    outcomeUnknown,
  });
}



function parseRetryAfter(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
