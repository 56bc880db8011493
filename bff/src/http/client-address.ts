import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

/** Where a request comes from, and that nobody is known yet: the guards and the session middleware say who. */
export const clientAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
  // c.env is undefined for requests made in-process (tests).
  c.set('clientIp', (c.env as AppEnv['Bindings'] | undefined)?.incoming?.socket.remoteAddress ?? null);
  c.set('staff', null);
  c.set('session', null);
  c.set('stepUpCheck', null);
  c.set('apiKey', null);
  await next();
};
