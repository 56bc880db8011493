import { Hono } from 'hono';
import type { Mode } from '../config.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { checkUpstream } from './readiness.ts';

export interface SystemDeps {
  mode: Mode;
  platform: PlatformClient;
}

export function systemRoutes({ mode, platform }: SystemDeps) {
  return new Hono<AppEnv>()
    .get('/health', (c) => c.json({ status: 'up' as const }))
    .get('/meta', (c) => c.json({ mode }))
    .get('/ready', async (c) => {
      const upstream = await checkUpstream(platform);
      return c.json({ ready: upstream.ok, upstream }, upstream.ok ? 200 : 503);
    });
}
