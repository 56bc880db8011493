import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';

/** Answers for itself while stopping (ready: false), so that a load balancer learns it first. */
const READINESS_PATH = '/api/ready';

/**
 * While the process stops, a request that arrives (on a connection kept alive from before) is refused
 * with a 503 and the connection closed; a request already in progress finishes, and its connection is
 * closed after its answer, so that the client's next request goes to a live instance.
 */
export function stoppingGuard(isStopping: () => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isStopping() && c.req.path !== READINESS_PATH) {
      throw new ApiError(503, 'console_stopping', 'This console process is stopping and takes no new requests: send the request again, to another instance or once the console is back.', undefined, { connection: 'close', 'retry-after': '5' });
    }
    await next();
    if (isStopping()) c.header('connection', 'close');
  };
}
