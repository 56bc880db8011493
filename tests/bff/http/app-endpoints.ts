import { z } from 'zod';
import { validationOf } from '../../../bff/src/http/validate.ts';
import type { TestApp } from '../support/test-app.ts';

export interface Endpoint {
  method: string;
  path: string;
  keys: { query: string[]; json: string[]; header: string[] };
  /** The schema of its JSON body, for a route that reads one. */
  json: z.ZodType | null;
}

const keysOf = (schema: z.ZodType | undefined): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

/** Every /api endpoint of the app as Hono lists it, with what its validators know. */
export function endpointsOf(app: TestApp['app']): Endpoint[] {
  const byRoute = new Map<string, Endpoint>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    const key = `${route.method} ${route.path}`;
    const endpoint = byRoute.get(key) ?? { method: route.method, path: route.path, keys: { query: [], json: [], header: [] }, json: null };
    const validation = validationOf(route.handler);
    if (validation && (validation.target === 'query' || validation.target === 'json' || validation.target === 'header')) {
      endpoint.keys[validation.target].push(...keysOf(validation.schema));
    }
    if (validation?.target === 'json') endpoint.json = validation.schema;
    byRoute.set(key, endpoint);
  }
  // Signing in and out last: they may end the session the other routes are called with.
  return [...byRoute.values()].sort((a, b) => Number(a.path === '/api/session') - Number(b.path === '/api/session'));
}
