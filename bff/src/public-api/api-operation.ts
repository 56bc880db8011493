import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { scopeFor, type Permission } from '../auth/permissions.ts';
import { API_KEY_SCHEME } from './public-api.ts';

/**
 * An operation of the public API: its route, and the permission whose API-key scope it needs. The scope
 * comes from the one permission table and is said twice in the document, in words at the start of the
 * description and as the operation's security requirement; the same permission is what its guard checks.
 */
export function apiOperation<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P; description: string }>(permission: Permission, route: R) {
  const scope = scopeFor(permission);
  if (scope === null) throw new Error(`No API-key scope grants ${permission}.`);
  return { permission, route: createRoute({ ...route, description: `Needs the \`${scope}\` scope. ${route.description}`, security: [{ [API_KEY_SCHEME]: [scope] }] }) };
}

export type ApiOperation = ReturnType<typeof apiOperation>;
