import { Hono } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { OverviewService } from './overview.ts';

export function overviewRoutes({ audit, overview }: { audit: AuditLog; overview: OverviewService }) {
  return new Hono<AppEnv>().get('/overview', requireAccess('signed-in', audit), async (c) => c.json(await overview.read()));
}
