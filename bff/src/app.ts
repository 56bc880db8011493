import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { Mode } from './config.ts';
import { accessLog } from './http/access-log.ts';
import type { AppEnv } from './http/app-env.ts';
import { createErrorHandler, notFoundHandler } from './http/error-handlers.ts';
import { spaRoutes } from './http/spa.ts';
import type { Logger } from './logger.ts';
import type { PlatformClient } from './platform/platform-client.ts';
import { systemRoutes } from './system/system-routes.ts';

export interface AppDeps {
  mode: Mode;
  platform: PlatformClient;
  logger: Logger;
  /** Directory of the built SPA; without it only /api is served. */
  staticDir?: string;
}

function apiRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().route('/', systemRoutes(deps));
}

/** The API's type, for the SPA's typed client (`hc<AppType>('/api')`). */
export type AppType = ReturnType<typeof apiRoutes>;

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(accessLog(deps.logger));
  app.onError(createErrorHandler(deps.logger));

  const api = apiRoutes(deps);
  api.notFound(notFoundHandler);
  app.route('/api', api);
  app.all('/api/*', notFoundHandler);
  if (deps.staticDir) app.route('/', spaRoutes(deps.staticDir));
  app.notFound(notFoundHandler);
  return app;
}
