import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AuditLog } from '../audit/audit-log.ts';
import { roleHas, type Access } from '../auth/permissions.ts';
import { refusal } from '../domain/refusal.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import type { AppEnv } from '../http/app-env.ts';
import { auditContext } from './request-origin.ts';

const declared = Symbol('declared access');
const credentialOf = Symbol('credential');

/** What a route takes as proof of who calls: a staff member's session, or an app backend's API key. */
export type Credential = 'session' | 'api-key';

type AccessGuard = MiddlewareHandler<AppEnv> & { [declared]: Access; [credentialOf]: Credential };

/** Marks a guard as the declaration of a route's access and of the credential it takes. */
export function declaringAccess(access: Access, guard: MiddlewareHandler<AppEnv>, credential: Credential = 'session'): AccessGuard {
  return Object.assign(guard, { [declared]: access, [credentialOf]: credential });
}

export function declaredAccess(handler: unknown): Access | undefined {
  return typeof handler === 'function' ? (handler as Partial<AccessGuard>)[declared] : undefined;
}

export function declaredCredential(handler: unknown): Credential | undefined {
  return typeof handler === 'function' ? (handler as Partial<AccessGuard>)[credentialOf] : undefined;
}

interface AccessOptions {
  /**
   * Whether a signed-out caller is an audited refusal. Only the "am I signed in?" probe turns this
   * off: asking it is not an attempt to reach anything protected.
   */
  auditSignedOut?: boolean;
}

/** The first handler of every /api route: who may call it. Refusals are audited. */
export function requireAccess(access: Access, audit: AuditLog, options: AccessOptions = {}): AccessGuard {
  const { auditSignedOut = true } = options;
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (access === 'public') return next();
    const staff = c.get('staff');
    if (!staff) {
      if (auditSignedOut) await auditRefusal(c, audit, 401, access);
      throw refusal('unauthenticated', 'signed_out', 'Sign in to continue.');
    }
    if (access !== 'signed-in' && !roleHas(staff.role, access)) {
      await auditRefusal(c, audit, 403, access);
      throw refusal('forbidden', 'forbidden', `The ${staff.role} role may not do this (needs ${access}).`);
    }
    return next();
  };
  return declaringAccess(access, guard);
}

export async function auditRefusal(c: Context<AppEnv>, audit: AuditLog, status: 401 | 403, access: Access): Promise<void> {
  await audit.append({
    ...auditContext(c),
    action: 'access.denied',
    target: `${c.req.method} ${c.req.path}`,
    outcome: 'denied',
    details: { status, needs: access },
  });
}

/**
 * Deny by default: an /api or /v1 endpoint that does not declare its access with requireAccess answers 403
 * before its handler runs. Paths that match no endpoint fall through to 404.
 */
export const denyUndeclaredAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const routes = matchedRoutes(c);
  // The SPA's GET fallback matches every path too; only /api and /v1 endpoints count.
  const hasEndpoint = routes.some((route) => route.method !== 'ALL' && (route.path.startsWith('/api/') || route.path.startsWith('/v1/')));
  const guarded = routes.some((route) => declaredAccess(route.handler) !== undefined);
  if (hasEndpoint && !guarded) throw refusal('forbidden', 'forbidden', 'This endpoint declares no access rule.');
  return next();
};

/** The signed-in staff member of a route guarded by anything but 'public'. */
export function currentStaff(c: Context<AppEnv>): SignedInStaff {
  const staff = c.get('staff');
  if (!staff) throw refusal('unauthenticated', 'signed_out', 'Sign in to continue.');
  return staff;
}

/** The session of a route guarded by anything but 'public'. */
export function currentSession(c: Context<AppEnv>): NonNullable<AppEnv['Variables']['session']> {
  const session = c.get('session');
  if (!session) throw refusal('unauthenticated', 'signed_out', 'Sign in to continue.');
  return session;
}
