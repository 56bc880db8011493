import { ROLES, type Role } from '../domain/roles.ts';

/** The one permission table: the route guard reads it, and the SPA receives each staff member's list. */

const everyone: readonly Role[] = ROLES;

export const PERMISSIONS = {
  'payments:read': everyone,
  'payments:act': ['ops', 'admin'],
  'rewards:read': everyone,
  'rewards:pay': ['manager', 'ops', 'admin'],
  /** The second pair of eyes on rewards above the approval threshold (never the requester's own). */
  'rewards:approve': ['manager', 'admin'],
  'incomplete:read': everyone,
  'incomplete:clear': ['ops', 'admin'],
  'ads:read': everyone,
  'ads:check': everyone,
  'wallet:read': everyone,
  'reconciliation:read': everyone,
  /** Run reconciliation now, acknowledge and resolve its exceptions. */
  'reconciliation:act': ['ops', 'admin'],
  'audit:read': everyone,
  'audit:verify': ['admin'],
  'staff:manage': ['admin'],
  'settings:manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * What a route needs: a permission, any signed-in staff member (`signed-in`), an ingest token sent by
 * the app's backend (`ingest-token`), or nobody (`public`). Every /api route declares one; a route
 * that declares none is refused at run time and fails a test.
 */
export type Access = Permission | 'signed-in' | 'ingest-token' | 'public';

export function roleHas(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export function permissionsOf(role: Role): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => roleHas(role, permission));
}
