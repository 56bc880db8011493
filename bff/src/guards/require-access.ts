import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AuditLog } from '../audit/audit-log.ts';
import { roleHas, type Access } from '../auth/permissions.ts';
import type { StepUpCheck } from '../auth/step-up-check.ts';
import { refusal } from '../domain/refusal.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import type { AppEnv } from '../http/app-env.ts';
import { auditContext } from './request-origin.ts';

const declared = Symbol('declared access');
const credentialOf = Symbol('credential');
const stepUpOf = Symbol('step-up');

/** What a route takes as proof of who calls: a staff member's session, or an app backend's API key. */
export type Credential = 'session' | 'api-key';

/**
 * When a route asks a staff member who has a second factor to have passed one within the policy's
 * step-up minutes: always, or only when its JSON body's `dryRun` is false (clearing for real).
 */
export type StepUpRule = 'always' | 'unless-dry-run';

type AccessGuard = MiddlewareHandler<AppEnv> & { [declared]: Access; [credentialOf]: Credential; [stepUpOf]?: StepUpRule };

/** Marks a guard as the declaration of a route's access and of the credential it takes. */
export function declaringAccess(access: Access, guard: MiddlewareHandler<AppEnv>, credential: Credential = 'session', stepUp?: StepUpRule): AccessGuard {
  return Object.assign(guard, { [declared]: access, [credentialOf]: credential }, stepUp ? { [stepUpOf]: stepUp } : {});
}

export function declaredStepUp(handler: unknown): StepUpRule | undefined {
  return typeof handler === 'function' ? (handler as Partial<AccessGuard>)[stepUpOf] : undefined;
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
  /** Open to a session that still awaits its second factor: the next step of signing in, the session probe, signing out. */
  whilePending?: boolean;
  /** Open to a session whose staff member must enrol a second factor before anything else: the enrolment routes. */
  forEnrolment?: boolean;
  /** The route moves money or changes who may: see StepUpRule. API keys are never asked. */
  stepUp?: StepUpRule;
}

/** The first handler of every /api route: who may call it. Refusals are audited. */
export function requireAccess(access: Access, audit: AuditLog, options: AccessOptions = {}): AccessGuard {
  const { auditSignedOut = true, whilePending = false, forEnrolment = false, stepUp } = options;
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (access === 'public') return next();
    const staff = c.get('staff');
    const session = c.get('session');
    if (!staff || !session) {
      if (auditSignedOut) await auditRefusal(c, audit, 401, access);
      throw refusal('unauthenticated', 'signed_out', 'Sign in to continue.');
    }
    if (session.secondFactor.state === 'pending' && !whilePending) {
      await auditRefusal(c, audit, 401, access, 'second_factor_required');
      throw refusal('unauthenticated', 'second_factor_required', 'Enter the code from your authenticator app (or a recovery code) to finish signing in.');
    }
    if (session.secondFactor.mustEnrol && !forEnrolment) {
      await auditRefusal(c, audit, 403, access, 'enrolment_required');
      throw refusal('forbidden', 'enrolment_required', 'Your role must use a second factor and the time to set one up is over: add an authenticator app first.');
    }
    if (access !== 'signed-in' && !roleHas(staff.role, access)) {
      await auditRefusal(c, audit, 403, access);
      throw refusal('forbidden', 'forbidden', `The ${staff.role} role may not do this (needs ${access}).`);
    }
    if (stepUp && (stepUp === 'always' || (await isForReal(c))) && (await stepUpCheckOf(c).needsStepUp(staff.id, session.secondFactor.checkedAt))) {
      await auditRefusal(c, audit, 401, access, 'step_up_required');
      throw refusal('unauthenticated', 'step_up_required', 'Confirm it is you: enter a code from your authenticator app, then try again.');
    }
    return next();
  };
  return declaringAccess(access, guard, 'session', stepUp);
}

/** A request whose JSON body does not ask for a dry run (`dryRun: false`); the route's validator still checks the body. */
async function isForReal(c: Context<AppEnv>): Promise<boolean> {
  const body = await c.req.json<unknown>().catch(() => null);
  return typeof body === 'object' && body !== null && (body as { dryRun?: unknown }).dryRun === false;
}

function stepUpCheckOf(c: Context<AppEnv>): StepUpCheck {
  const check = c.get('stepUpCheck');
  if (!check) throw new Error('a step-up route was reached without the session middleware’s step-up check');
  return check;
}

/** Why a session was refused beyond its role: awaiting its second factor, bound to enrol one, or due a step-up. */
type RefusalReason = 'second_factor_required' | 'enrolment_required' | 'step_up_required';

export async function auditRefusal(c: Context<AppEnv>, audit: AuditLog, status: 401 | 403, access: Access, reason?: RefusalReason): Promise<void> {
  await audit.append({
    ...auditContext(c),
    action: 'access.denied',
    target: `${c.req.method} ${c.req.path}`,
    outcome: 'denied',
    details: { status, needs: access, ...(reason ? { reason } : {}) },
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
