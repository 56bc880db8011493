import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditContext, requestOrigin } from '../guards/request-origin.ts';
import { currentSession, currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { writeSessionCookie } from '../http/session-cookie.ts';
import { validate } from '../http/validate.ts';
import type { PasskeyAssertions } from './passkey-assertions.ts';
import { authenticationResponseSchema, passkeyNameSchema, registrationResponseSchema } from './passkey-schemas.ts';
import type { PasskeySignIn } from './passkey-sign-in.ts';
import type { Owner, Passkeys } from './passkeys.ts';
import type { SecondFactors } from './second-factors.ts';
import { permissionsOf } from './permissions.ts';
import type { RelyingParty } from './relying-party.ts';

const newPasskeySchema = z.strictObject({ name: passkeyNameSchema, passwordless: z.boolean().default(false), response: registrationResponseSchema });
const changeSchema = z
  .strictObject({ name: passkeyNameSchema.optional(), passwordless: z.boolean().optional() })
  .refine((change) => change.name !== undefined || change.passwordless !== undefined, 'nothing to change');
const idParam = z.object({ id: z.uuid('is not a passkey id') });
const signInSchema = z.strictObject({ response: authenticationResponseSchema });

export interface PasskeyRoutesDeps {
  passkeys: Passkeys;
  assertions: PasskeyAssertions;
  passkeySignIn: PasskeySignIn;
  secondFactors: SecondFactors;
  audit: AuditLog;
  /** The relying party for a request (the console's public URL, or in the sandbox the request's own origin). */
  relyingParty: (requestUrl: string) => RelyingParty;
}

function owner(c: Context<AppEnv>): Owner {
  return { staff: currentStaff(c), sessionHash: currentSession(c).idHash };
}

/** A staff member's own passkeys (`/me/passkeys`), and the passkey steps of signing in (`/session/passkey*`). */
export function passkeyRoutes({ passkeys, assertions, passkeySignIn, secondFactors, audit, relyingParty }: PasskeyRoutesDeps) {
  // A member whose time to enrol a second factor is over may still add a passkey as theirs.
  const enrolling = { forEnrolment: true } as const;
  return new Hono<AppEnv>()
    .get('/me/passkeys', requireAccess('signed-in', audit, enrolling), async (c) => c.json({ passkeys: await passkeys.list(currentStaff(c).id) }))
    // Adding a passkey to an account that has a second factor asks for it afresh, as removing one does.
    .post('/me/passkeys/options', requireAccess('signed-in', audit, { ...enrolling, stepUp: 'always' }), async (c) => c.json(await passkeys.registrationOptions(owner(c), relyingParty(c.req.url))))
    .post('/me/passkeys', requireAccess('signed-in', audit, enrolling), validate('json', newPasskeySchema), async (c) => {
      const passkey = await passkeys.register(owner(c), c.req.valid('json'), auditContext(c));
      return c.json({ passkey }, 201);
    })
    .patch('/me/passkeys/:id', requireAccess('signed-in', audit, enrolling), validate('param', idParam), validate('json', changeSchema), async (c) => {
      const passkey = await passkeys.change(currentStaff(c).id, c.req.valid('param').id, c.req.valid('json'), auditContext(c));
      return c.json({ passkey });
    })
    .delete('/me/passkeys/:id', requireAccess('signed-in', audit, { ...enrolling, stepUp: 'always' }), validate('param', idParam), async (c) => {
      await passkeys.remove(currentStaff(c).id, c.req.valid('param').id, auditContext(c));
      return c.body(null, 204);
    })
    // In a session, a second factor's or a step-up's challenge; without one, a passwordless sign-in's.
    .post('/session/passkey-options', requireAccess('public', audit), async (c) => {
      const rp = relyingParty(c.req.url);
      const staff = c.get('staff');
      const session = c.get('session');
      if (staff && session) return c.json(await assertions.secondFactorOptions({ staffId: staff.id, sessionHash: session.idHash }, rp));
      return c.json(await assertions.signInOptions(rp));
    })
    .post('/session/passkey', requireAccess('public', audit), validate('json', signInSchema), async (c) => {
      const previous = c.get('session')?.idHash ?? null;
      const signedIn = await passkeySignIn.signIn(c.req.valid('json').response, requestOrigin(c), previous);
      writeSessionCookie(c, signedIn.sessionId, signedIn.expiresAt);
      const secondFactor = await secondFactors.statusOf(signedIn.staff.id, { state: 'verified', checkedAt: signedIn.checkedAt });
      return c.json({ staff: signedIn.staff, permissions: permissionsOf(signedIn.staff.role), secondFactor });
    });
}
