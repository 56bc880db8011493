import { ROLES, type Role } from '../domain/roles.ts';

/**
 * The one table of who may do what: for each permission, the staff roles that have it and the API-key
 * scope that grants it (null: no key may). The route guards read it, the SPA receives each staff
 * member's list, and the admin's key form offers the scopes.
 */

const everyone: readonly Role[] = ROLES;
const nobody: readonly Role[] = [];

export const SCOPES = ['rewards:write', 'rewards:read', 'refunds:write', 'payments:read', 'users:write', 'events:read', 'ingest'] as const;
export type Scope = (typeof SCOPES)[number];

interface Grant {
  roles: readonly Role[];
  scope: Scope | null;
}

export const PERMISSIONS = {
  'payments:read': { roles: everyone, scope: 'payments:read' },
  'payments:act': { roles: ['ops', 'admin'], scope: null },
  /** The app's backend sends payment ids for the console to fetch; no staff member needs it (they import). */
  'payments:ingest': { roles: nobody, scope: 'ingest' },
  'rewards:read': { roles: everyone, scope: 'rewards:read' },
  'rewards:pay': { roles: ['manager', 'ops', 'admin'], scope: 'rewards:write' },
  /** Refund a completed user-to-app payment: a reward to its payer, so the roles that pay. */
  'refunds:pay': { roles: ['manager', 'ops', 'admin'], scope: 'refunds:write' },
  /** The second pair of eyes on rewards above the approval threshold (never the requester's own, never a key). */
  'rewards:approve': { roles: ['manager', 'admin'], scope: null },
  /** The app's names for its users: only its backend knows them. */
  'users:write': { roles: nobody, scope: 'users:write' },
  'events:read': { roles: nobody, scope: 'events:read' },
  'incomplete:read': { roles: everyone, scope: null },
  'incomplete:clear': { roles: ['ops', 'admin'], scope: null },
  'ads:read': { roles: everyone, scope: null },
  'ads:check': { roles: everyone, scope: null },
  'wallet:read': { roles: everyone, scope: null },
  'reconciliation:read': { roles: everyone, scope: null },
  /** Run reconciliation now, acknowledge and resolve its exceptions. */
  'reconciliation:act': { roles: ['ops', 'admin'], scope: null },
  'audit:read': { roles: everyone, scope: null },
  'audit:verify': { roles: ['admin'], scope: null },
  'staff:manage': { roles: ['admin'], scope: null },
  'settings:manage': { roles: ['admin'], scope: null },
  /** Create, roll and revoke API keys. */
  'api-keys:manage': { roles: ['admin'], scope: null },
  /** Webhook endpoints, their secrets, deliveries and the private networks they may reach. */
  'webhooks:manage': { roles: ['admin'], scope: null },
} as const satisfies Record<string, Grant>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * What a route needs: a permission, any signed-in staff member (`signed-in`), or nobody (`public`).
 * Every /api and /v1 route declares one; a route that declares none is refused at run time and fails a test.
 */
export type Access = Permission | 'signed-in' | 'public';

const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function roleHas(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

export function permissionsOf(role: Role): Permission[] {
  return ALL_PERMISSIONS.filter((permission) => roleHas(role, permission));
}

/** The scope a key needs for a permission; null when no key may have it. */
export function scopeFor(permission: Permission): Scope | null {
  return PERMISSIONS[permission].scope;
}
