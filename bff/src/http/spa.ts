import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import { notFoundHandler } from './error-handlers.ts';

/** The built SPA: hashed assets cached for good, source maps never, every other GET answered with index.html. */
export function spaRoutes(staticDir: string) {
  const indexFile = path.join(staticDir, 'index.html');
  const app = new Hono<AppEnv>();
  // A source map left in the build directory is still not served: it is the whole source.
  app.use('*', async (c, next) => (c.req.path.endsWith('.map') ? notFoundHandler(c) : next()));
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root: path.relative(process.cwd(), staticDir) || '.' }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) return c.text('The console has not been built; run `npm start` or `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return app;
}
