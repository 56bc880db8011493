import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { clearSessionCookie, readSessionCookie } from './session-cookie.ts';
import type { Sessions } from './sessions.ts';

function clientIpOf(c: Context<AppEnv>): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // Requests made in-process (tests) have no socket.
    return null;
  }
}

/** Who is asking: sets `staff`, `session` and `clientIp` for every /api request. */
export function sessionMiddleware(sessions: Sessions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('clientIp', clientIpOf(c));
    c.set('staff', null);
    c.set('session', null);
    const id = readSessionCookie(c);
    if (id) {
      const session = await sessions.resolve(id);
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
