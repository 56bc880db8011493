import type { MiddlewareHandler } from 'hono';
import type { Sessions } from '../auth/sessions.ts';
import type { StepUpCheck } from '../auth/step-up-check.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clearSessionCookie, readSessionCookie } from '../http/session-cookie.ts';

/** Who is asking: sets `staff` and `session` for every /api request with a live session cookie. */
export function sessionMiddleware(sessions: Sessions, stepUpCheck: StepUpCheck): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = readSessionCookie(c);
    if (id) {
      const readOnly = c.req.method === 'GET' || c.req.method === 'HEAD';
      const session = readOnly ? await sessions.resolveForRead(id) : await sessions.resolve(id);
      if (session) {
        const { staff, ...facts } = session;
        c.set('staff', staff);
        c.set('session', facts);
        c.set('stepUpCheck', stepUpCheck);
      } else {
        clearSessionCookie(c);
      }
    }
    await next();
  };
}
