import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { requestOrigin } from '../guards/request-origin.ts';
import { currentSession, currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clearSessionCookie, writeSessionCookie } from '../http/session-cookie.ts';
import { validate } from '../http/validate.ts';
import type { AuthService } from './auth-service.ts';
import { emailSchema, newPasswordSchema } from './credential-schemas.ts';
import { permissionsOf } from './permissions.ts';


const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, 'is required').max(1024) });
const changePasswordSchema = z.object({ currentPassword: z.string().min(1).max(1024), newPassword: newPasswordSchema });
const setupSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
  email: emailSchema.optional(),
  name: z.string().trim().min(1).max(100).optional(),
});

export function sessionRoutes({ auth, audit }: { auth: AuthService; audit: AuditLog }) {
  return new Hono<AppEnv>()
    .post('/session', requireAccess('public', audit), validate('json', signInSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      const previous = c.get('session')?.idHash ?? null;
      const signedIn = await auth.signIn(email, password, requestOrigin(c), previous);
      writeSessionCookie(c, signedIn.sessionId, signedIn.expiresAt);
      return c.json({ staff: signedIn.staff, permissions: permissionsOf(signedIn.staff.role) });
    })
    .get('/session', requireAccess('signed-in', audit, { auditSignedOut: false }), (c) => {
      const staff = currentStaff(c);
      const session = currentSession(c);
      return c.json({
        staff,
        permissions: permissionsOf(staff.role),
        session: { expiresAt: session.expiresAt.toISOString(), idleExpiresAt: session.idleExpiresAt.toISOString() },
      });
    })
    .delete('/session', requireAccess('signed-in', audit), async (c) => {
      await auth.signOut(currentSession(c).idHash, requestOrigin(c));
      clearSessionCookie(c);
      return c.body(null, 204);
    })
    .post('/session/password', requireAccess('signed-in', audit), validate('json', changePasswordSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      await auth.changePassword(currentStaff(c).id, currentPassword, newPassword, currentSession(c).idHash, requestOrigin(c));
      return c.body(null, 204);
    })
    .post('/setup', requireAccess('public', audit), validate('json', setupSchema), async (c) => {
      return c.json(await auth.completeSetup(c.req.valid('json'), requestOrigin(c)));
    });
}
