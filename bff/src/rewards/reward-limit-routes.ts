import { Hono } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditContext } from '../guards/request-origin.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../http/validate.ts';
import { rewardLimitsSchema, type RewardLimits } from './reward-limits.ts';

/** The spending limits: everyone who may pay reads them (to know when approval applies); admins set them. */
export function rewardLimitRoutes({ audit, limits }: { audit: AuditLog; limits: RewardLimits }) {
  return new Hono<AppEnv>()
    .get('/settings/reward-limits', requireAccess('rewards:pay', audit), async (c) => c.json({ limits: await limits.get() }))
    .put('/settings/reward-limits', requireAccess('settings:manage', audit, { stepUp: 'always' }), validate('json', rewardLimitsSchema), async (c) =>
      c.json({ limits: await limits.set(c.req.valid('json'), auditContext(c)) }),
    );
}
