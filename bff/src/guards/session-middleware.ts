import type { Context, MiddlewareHandler } from 'hono';
import type { Sessions } from '../auth/sessions.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clearSessionCookie, readSessionCookie } from '../http/session-cookie.ts';

function clientIpOf(c: Context<AppEnv>): string | null {
  // c.env is undefined for requests made in-process (tests).
  return (c.env as AppEnv['Bindings'] | undefined)?.incoming?.socket.remoteAddress ?? null;
}

/** Who is asking: sets `staff`, `session` and `clientIp` for every /api request. */
export function sessionMiddleware(sessions: Sessions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('clientIp', clientIpOf(c));
    c.set('staff', null);
    c.set('session', null);
    const id = readSessionCookie(c);
    if (id) {
      const readOnly = c.req.method === 'GET' || c.req.method === 'HEAD';
      const session = readOnly ? await sessions.resolveForRead(id) : await sessions.resolve(id);
      if (session) {
        c.set('staff', session.staff);
        c.set('session', { idHash: session.idHash, idleExpiresAt: session.idleExpiresAt, expiresAt: session.expiresAt });
      } else {
        clearSessionCookie(c);
      }
    }
    await next();
  };
}
