import { Hono } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Mode } from '../config.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { Readiness } from './readiness.ts';

export interface SystemDeps {
  mode: Mode;
  readiness: Readiness;
  audit: AuditLog;
}

export function systemRoutes({ mode, readiness, audit }: SystemDeps) {
  const open = requireAccess('public', audit);
  return new Hono<AppEnv>()
    .get('/health', open, (c) => c.json({ status: 'up' as const }))
    .get('/meta', open, (c) => c.json({ mode }))
    .get('/ready', open, async (c) => {
      if (readiness.isStopping) return c.json({ ready: false, stopping: true as const }, 503);
      const upstream = await readiness.upstream();
      return c.json({ ready: upstream.ok, upstream }, upstream.ok ? 200 : 503);
    });
}
