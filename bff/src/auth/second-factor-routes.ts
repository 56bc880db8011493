import { Hono } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditContext, requestOrigin } from '../guards/request-origin.ts';
import { currentSession, currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../http/validate.ts';
import type { SecondFactorEnrolment } from './second-factor-enrolment.ts';
import { firstCodeSchema } from './second-factor-input.ts';
import { secondFactorPolicyInputSchema, type SecondFactorPolicy } from './second-factor-policy.ts';

export interface SecondFactorRoutesDeps {
  audit: AuditLog;
  enrolment: SecondFactorEnrolment;
  policy: SecondFactorPolicy;
}

/** One's own authenticator app and recovery codes, and the admins' policy. */
export function secondFactorRoutes({ audit, enrolment, policy }: SecondFactorRoutesDeps) {
  return new Hono<AppEnv>()
    .post('/me/totp', requireAccess('signed-in', audit, { forEnrolment: true }), async (c) => c.json(await enrolment.startTotp(currentStaff(c), requestOrigin(c))))
    .post('/me/totp/confirm', requireAccess('signed-in', audit, { forEnrolment: true }), validate('json', firstCodeSchema), async (c) =>
      c.json(await enrolment.confirmTotp(currentStaff(c), currentSession(c).idHash, c.req.valid('json').code, requestOrigin(c))),
    )
    .delete('/me/totp', requireAccess('signed-in', audit, { stepUp: 'always' }), async (c) => {
      await enrolment.removeTotp(currentStaff(c), requestOrigin(c));
      return c.body(null, 204);
    })
    .post('/me/recovery-codes', requireAccess('signed-in', audit, { stepUp: 'always' }), async (c) => c.json(await enrolment.newRecoveryCodes(currentStaff(c), requestOrigin(c))))
    .get('/settings/second-factor', requireAccess('settings:manage', audit), async (c) => c.json(await policy.get()))
    .put('/settings/second-factor', requireAccess('settings:manage', audit, { stepUp: 'always' }), validate('json', secondFactorPolicyInputSchema), async (c) =>
      c.json(await policy.set(c.req.valid('json'), auditContext(c))),
    );
}
