import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { emailSchema, newPasswordSchema } from '../auth/credential-schemas.ts';
import { ROLES } from '../domain/roles.ts';
import { requestOrigin } from '../guards/request-origin.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../http/validate.ts';
import type { StaffService } from './staff-service.ts';

const nameSchema = z.string().trim().min(1, 'is required').max(100);
const createSchema = z.object({ email: emailSchema, name: nameSchema, role: z.enum(ROLES), password: newPasswordSchema.optional() });
const updateSchema = z
  .object({ role: z.enum(ROLES).optional(), disabled: z.boolean().optional(), name: nameSchema.optional() })
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'nothing to change');
const idParam = z.object({ id: z.uuid('is not a staff id') });

export function staffRoutes({ staffService, audit }: { staffService: StaffService; audit: AuditLog }) {
  return new Hono<AppEnv>()
    .get('/staff', requireAccess('staff:manage', audit), async (c) => c.json({ staff: await staffService.list() }))
    .post('/staff', requireAccess('staff:manage', audit, { stepUp: 'always' }), validate('json', createSchema), async (c) => {
      const created = await staffService.create(c.req.valid('json'), requestOrigin(c));
      return c.json(created, 201);
    })
    .post('/staff/:id/reset-access', requireAccess('staff:manage', audit, { stepUp: 'always' }), validate('param', idParam), async (c) =>
      c.json(await staffService.resetAccess(c.req.valid('param').id, requestOrigin(c))),
    )
    .post('/staff/:id/second-factors/reset', requireAccess('staff:manage', audit, { stepUp: 'always' }), validate('param', idParam), async (c) =>
      c.json({ staff: await staffService.resetSecondFactors(c.req.valid('param').id, requestOrigin(c)) }),
    )
    .post('/staff/:id/sessions/end', requireAccess('staff:manage', audit), validate('param', idParam), async (c) => {
      await staffService.endSessionsOf(c.req.valid('param').id, requestOrigin(c));
      return c.body(null, 204);
    })
    .patch('/staff/:id', requireAccess('staff:manage', audit, { stepUp: 'always' }), validate('param', idParam), validate('json', updateSchema), async (c) => {
      const staff = await staffService.update(c.req.valid('param').id, c.req.valid('json'), requestOrigin(c));
      return c.json({ staff });
    });
}
