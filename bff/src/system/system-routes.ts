import { Hono } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { Mode } from '../config.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { checkUpstream } from './readiness.ts';

export interface SystemDeps {
  mode: Mode;
  platform: PlatformClient;
  audit: AuditLog;
}

export function systemRoutes({ mode, platform, audit }: SystemDeps) {
  const open = requireAccess('public', audit);
  return new Hono<AppEnv>()
    .get('/health', open, (c) => c.json({ status: 'up' as const }))
    .get('/meta', open, (c) => c.json({ mode }))
    .get('/ready', open, async (c) => {
      const upstream = await checkUpstream(platform);
      return c.json({ ready: upstream.ok, upstream }, upstream.ok ? 200 : 503);
    });
}
