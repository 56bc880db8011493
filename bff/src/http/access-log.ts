import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './app-env.ts';

/** One line per request; the path only, never query strings, headers or bodies. */
export function accessLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      requestId: c.get('requestId'),
      ...(c.get('clientRequestId') ? { clientRequestId: c.get('clientRequestId') } : {}),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
