import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { requestOrigin } from '../guards/request-origin.ts';
import { currentSession, currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clearSessionCookie, writeSessionCookie } from '../http/session-cookie.ts';
import { validate } from '../http/validate.ts';
import type { AuthService } from './auth-service.ts';
import { emailSchema, newPasswordSchema } from './credential-schemas.ts';
import { deviceWords } from './device-words.ts';
import { permissionsOf } from './permissions.ts';
import { secondFactorProofSchema } from './second-factor-input.ts';
import type { SecondFactors } from './second-factors.ts';

const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, 'is required').max(1024) });
const changePasswordSchema = z.object({ currentPassword: z.string().min(1).max(1024), newPassword: newPasswordSchema });
const setupSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
  email: emailSchema.optional(),
  name: z.string().trim().min(1).max(100).optional(),
});
const sessionIdParam = z.object({ id: z.uuid('is not a session id') });

/** What the session probe and the second step of signing in answer: who, may do what, until when, and their second factor. */
async function sessionAnswer(c: Context<AppEnv>, secondFactors: SecondFactors) {
  const staff = currentStaff(c);
  const session = currentSession(c);
  return {
    staff,
    permissions: permissionsOf(staff.role),
    session: { expiresAt: session.expiresAt.toISOString(), idleExpiresAt: session.idleExpiresAt.toISOString() },
    secondFactor: await secondFactors.statusOf(staff.id, session.secondFactor),
  };
}

export function sessionRoutes({ auth, audit, secondFactors }: { auth: AuthService; audit: AuditLog; secondFactors: SecondFactors }) {
  // The session probe and signing out serve every session: one awaiting its second factor, one that may only enrol.
  const anySession = { whilePending: true, forEnrolment: true } as const;
  return new Hono<AppEnv>()
    .post('/session', requireAccess('public', audit), validate('json', signInSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      const previous = c.get('session')?.idHash ?? null;
      const signedIn = await auth.signIn(email, password, requestOrigin(c), previous);
      writeSessionCookie(c, signedIn.sessionId, signedIn.expiresAt);
      if (signedIn.secondFactorMethods) return c.json({ secondFactorRequired: true as const, methods: signedIn.secondFactorMethods });
      const secondFactor = await secondFactors.statusOf(signedIn.staff.id, { state: 'none', checkedAt: null });
      return c.json({ staff: signedIn.staff, permissions: permissionsOf(signedIn.staff.role), secondFactor });
    })
    .get('/session', requireAccess('signed-in', audit, { auditSignedOut: false, ...anySession }), async (c) => c.json(await sessionAnswer(c, secondFactors)))
    .delete('/session', requireAccess('signed-in', audit, anySession), async (c) => {
      await auth.signOut(currentSession(c).idHash, requestOrigin(c));
      clearSessionCookie(c);
      return c.body(null, 204);
    })
    .post('/session/second-factor', requireAccess('signed-in', audit, { whilePending: true }), validate('json', secondFactorProofSchema), async (c) => {
      const { staff, ...completed } = await secondFactors.completeSignIn(currentStaff(c), currentSession(c), c.req.valid('json'), requestOrigin(c));
      c.set('session', completed);
      return c.json(await sessionAnswer(c, secondFactors));
    })
    .post('/session/step-up', requireAccess('signed-in', audit), validate('json', secondFactorProofSchema), async (c) =>
      c.json(await secondFactors.stepUp(currentStaff(c), currentSession(c).idHash, c.req.valid('json'), requestOrigin(c))),
    )
    .post('/session/password', requireAccess('signed-in', audit), validate('json', changePasswordSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      await auth.changePassword(currentStaff(c).id, currentPassword, newPassword, currentSession(c).idHash, requestOrigin(c));
      return c.body(null, 204);
    })
    .get('/me/sessions', requireAccess('signed-in', audit), async (c) => {
      const current = currentSession(c).idHash;
      const sessions = await auth.sessionsOf(currentStaff(c).id);
      return c.json({
        sessions: sessions.map((session) => ({
          id: session.id,
          current: session.idHash === current,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          ip: session.clientIp,
          device: deviceWords(session.userAgent),
        })),
      });
    })
    .post('/me/sessions/:id/end', requireAccess('signed-in', audit), validate('param', sessionIdParam), async (c) => {
      await auth.endOwnSession(currentStaff(c).id, c.req.valid('param').id, requestOrigin(c));
      return c.body(null, 204);
    })
    .post('/setup', requireAccess('public', audit), validate('json', setupSchema), async (c) => {
      return c.json(await auth.completeSetup(c.req.valid('json'), requestOrigin(c)));
    });
}
