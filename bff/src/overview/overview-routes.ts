import { Hono } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { overview, type OverviewDeps } from './overview.ts';

export function overviewRoutes(deps: OverviewDeps & { audit: AuditLog }) {
  return new Hono<AppEnv>().get('/overview', requireAccess('signed-in', deps.audit), async (c) => c.json(await overview(deps)));
}
