import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../http/validate.ts';
import type { UserSummaries } from './user-summary.ts';

// A uid is whatever the platform gives; the index stores it as text of at most 200 characters.
const uidParam = z.object({ uid: z.string().trim().min(1, 'a uid is required').max(200) });

export function userRoutes({ audit, users }: { audit: AuditLog; users: UserSummaries }) {
  return new Hono<AppEnv>().get('/users/:uid', requireAccess('payments:read', audit), validate('param', uidParam), async (c) =>
    c.json(await users.of(c.req.valid('param').uid)),
  );
}
