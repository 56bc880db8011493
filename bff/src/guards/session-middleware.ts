import type { MiddlewareHandler } from 'hono';
import type { Sessions } from '../auth/sessions.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clearSessionCookie, readSessionCookie } from '../http/session-cookie.ts';

/** Who is asking: sets `staff` and `session` for every /api request with a live session cookie. */
export function sessionMiddleware(sessions: Sessions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
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
