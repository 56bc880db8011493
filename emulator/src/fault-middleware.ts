import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { errorResponse } from './errors.ts';
import type { FaultBook } from './faults.ts';

const HTML_500 = '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>';
// A JSON document cut off mid-way, as a proxy that drops the tail of a response would deliver it.
const TRUNCATED_JSON = '{"identifier":"';

function clientGone(c: Context<AppEnv>): Promise<void> {
  const signal = c.req.raw.signal;
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** Applies the configured faults to the request before (or, for apply_then_fail, after) the real handler. */
export function injectFaults(faults: FaultBook): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const fault of faults.firing(c.req.method, c.req.path)) {
      switch (fault.kind) {
        case 'latency':
          await faults.delay(fault.latencyMs);
          break;
        case 'error': {
          const retryAfter: Record<string, string> = fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
          return errorResponse(fault.status ?? 500, 'unknown_error', 'injected fault: error', {}, retryAfter);
        }
        case 'rate_limit': {
          const retryAfter = String(fault.retryAfterSeconds ?? 1);
          return errorResponse(429, 'rate_limited', 'too many requests', {}, { 'retry-after': retryAfter });
        }
        case 'html_500':
          return new Response(HTML_500, { status: 500, headers: { 'content-type': 'text/html; charset=UTF-8' } });
        case 'malformed_json':
          return new Response(TRUNCATED_JSON, { status: 200, headers: { 'content-type': 'application/json' } });
        // For drop and hang the connection is gone by the time they return: nobody reads that response.
        case 'drop':
          c.env.incoming.socket.destroy();
          await clientGone(c);
          return new Response(null, { status: 500 });
        case 'hang':
          await clientGone(c);
          return new Response(null, { status: 500 });
        case 'late_inclusion':
          c.set('heldBackLedgers', fault.ledgers);
          break;
        case 'apply_then_fail':
          await next();
          c.res = errorResponse(fault.status ?? 500, 'unknown_error', 'injected fault: the request was applied, then failed');
          return;
      }
    }
    await next();
  };
}
