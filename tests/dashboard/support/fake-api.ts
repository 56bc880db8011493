import { vi } from 'vitest';
import { permissionsOf } from '../../../bff/src/auth/permissions.ts';
import type { Role } from '../../../bff/src/domain/roles.ts';
import type { SecondFactorStatus, StaffIdentity } from '../../../dashboard/src/lib/session.ts';
import type { Overview } from '../../../dashboard/src/features/overview/api/get-overview.ts';
import type { Meta } from '../../../dashboard/src/lib/meta.ts';
import type { Readiness } from '../../../dashboard/src/features/system/api/get-readiness.ts';

/** An answer of /ready that says how the upstream is (not the one of a stopping console). */
type UpstreamAnswer = Extract<Readiness, { upstream: unknown }>;

export interface ReadyAnswer {
  status: 200 | 503;
  body: UpstreamAnswer;
}

export const upstreamOk: ReadyAnswer = {
  status: 200,
  body: { ready: true, upstream: { ok: true, reachable: true, keyAccepted: true, latencyMs: 12 } },
};

/** A 503 from /ready: the upstream is not as it should be. */
function notReady(upstream: UpstreamAnswer['upstream']): ReadyAnswer {
  return { status: 503, body: { ready: false, upstream } };
}

export const upstreamUnreachable = notReady({
  ok: false,
  reachable: false,
  keyAccepted: null,
  latencyMs: 10_003,
  error: { code: 'network_error', message: 'connect ECONNREFUSED 127.0.0.1:8788' },
});

export const upstreamKeyRejected = notReady({
  ok: false,
  reachable: true,
  keyAccepted: false,
  latencyMs: 4,
  error: { code: 'unauthorized', message: 'The server key was not accepted' },
});

/** The Platform API answers, and accepts the key, but fails. */
export const upstreamFailing = notReady({
  ok: false,
  reachable: true,
  keyAccepted: true,
  latencyMs: 30,
  error: { code: 'upstream_error', message: 'The Platform API answered 500' },
});

/** The overview of a quiet console: nothing stuck, nothing moving, every part up. */
export function overview(overrides: Partial<Overview> = {}): Overview {
  return {
    incompleteServerPayments: 0,
    stuckUserPayments: 0,
    approvedWithoutTransaction: 0,
    stuckAfterMinutes: 10,
    movingNow: 0,
    adsCheckedToday: { rewardYes: 0, rewardNo: 0 },
    upstream: upstreamOk.body.upstream,
    store: { ok: true, latencyMs: 1 },
    attention: { rewardsNeedingAttention: 0, heldUpBatches: 0, openExceptions: 0 },
    ...overrides,
  };
}

/** A request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** Answers one endpoint; `null` falls through to the fake's defaults. */
export type FakeRoute = (request: SeenRequest) => Response | null | Promise<Response | null>;

export interface FakeApiOptions {
  mode?: Meta['mode'];
  ready?: ReadyAnswer;
  /** Who is signed in when the page loads; `null` for nobody. An admin unless said otherwise. */
  signedInAs?: Role | null;
  /** Where the signed-in member's second factor stands; none set up or required unless said otherwise. */
  secondFactor?: Partial<SecondFactorStatus>;
  /** Answers for endpoints, keyed `"METHOD /api/path"`; they win over the defaults, but not over a missing session. */
  routes?: Record<string, FakeRoute>;
}

/** A session's second-factor state: by default nothing set up, nothing required. */
export function secondFactorStatus(overrides: Partial<SecondFactorStatus> = {}): SecondFactorStatus {
  return {
    state: 'none',
    enrolled: { totp: false, passkeys: 0, recoveryCodesLeft: 0 },
    required: false,
    enrolBy: null,
    mustEnrol: false,
    stepUpUntil: null,
    ...overrides,
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function apiError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return json({ error: { code, message, requestId: `req-${code}` } }, status, headers);
}

function staffOf(role: Role): StaffIdentity {
  return { id: `staff-${role}`, email: `${role}@sandbox.local`, name: `${role.charAt(0).toUpperCase()}${role.slice(1)} Demo`, role };
}

function signedInAnswer(role: Role, secondFactor: SecondFactorStatus) {
  return { staff: staffOf(role), permissions: permissionsOf(role), secondFactor };
}

// The second factor is given by a session the password began, which the fake does not keep apart.
const PUBLIC_PATHS = new Set(['/api/meta', '/api/ready', '/api/session', '/api/session/second-factor', '/api/setup']);

function toSeen(input: RequestInfo | URL, init: RequestInit | undefined): SeenRequest {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://console.test');
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
  return { method: (init?.method ?? 'GET').toUpperCase(), url, headers: new Headers(init?.headers), credentials: init?.credentials, body };
}

/**
 * Replaces `fetch`, the SPA's only way out, with a small fake of the console's server: meta,
 * readiness, the session, and whatever `routes` add. Sign-in is refused until `acceptSignIn`.
 * `expireSession` makes the server forget the
 * session, so that every later call that needs one is answered 401, as after an idle time-out.
 */
export function stubApi({ mode = 'sandbox', ready = upstreamOk, signedInAs = 'admin', secondFactor = {}, routes = {} }: FakeApiOptions = {}) {
  const status = secondFactorStatus(secondFactor);
  let readyAnswer = ready;
  let signedIn: Role | null = signedInAs;
  let acceptsSignInAs: Role | null = null;
  const requests: SeenRequest[] = [];

  const defaults = (request: SeenRequest): Response => {
    const { method, url } = request;
    const endpoint = `${method} ${url.pathname}`;
    if (endpoint === 'GET /api/meta') return json({ mode });
    if (endpoint === 'GET /api/ready') return json(readyAnswer.body, readyAnswer.status);
    if (endpoint === 'POST /api/session') {
      if (!acceptsSignInAs) return apiError(401, 'invalid_credentials', 'Wrong email or password.');
      signedIn = acceptsSignInAs;
      return json(signedInAnswer(signedIn, status));
    }
    if (endpoint === 'GET /api/session') return signedIn ? json(signedInAnswer(signedIn, status)) : apiError(401, 'signed_out', 'Sign in to continue.');
    if (endpoint === 'DELETE /api/session') {
      signedIn = null;
      return new Response(null, { status: 204 });
    }
    if (endpoint === 'GET /api/audit') return json({ events: [], nextCursor: null });
    if (endpoint === 'GET /api/staff') return json({ staff: [] });
    if (endpoint === 'GET /api/payments') return json({ payments: [], nextCursor: null });
    if (endpoint === 'GET /api/rewards') return json({ rewards: [], nextCursor: null });
    if (endpoint === 'GET /api/rewards/awaiting-approval') return json({ toApprove: [], mine: [] });
    if (endpoint === 'GET /api/rewards/look-alike') return json({ similarTo: null });
    if (endpoint === 'GET /api/users') return json({ users: [] });
    if (endpoint === 'GET /api/api-keys') return json({ apiKeys: [] });
    if (endpoint === 'GET /api/settings/reward-limits') return json({ limits: { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: null } });
    if (endpoint === 'GET /api/overview') return json(overview());
    if (endpoint === 'GET /api/wallet') return json({ wallet: null });
    if (endpoint === 'GET /api/settings/wallet') return json({ settings: { lowBalance: null } });
    if (endpoint === 'GET /api/incomplete') return json({ items: [] });
    if (endpoint === 'GET /api/reconciliation/exceptions') return json({ exceptions: [], nextCursor: null });
    if (endpoint === 'GET /api/notifications') return json({ notifications: [], unread: 0, nextCursor: null });
    if (endpoint === 'GET /api/ads/checks') return json({ checks: [], nextCursor: null });
    return apiError(404, 'not_found', `No such endpoint: ${endpoint}`);
  };

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = toSeen(input, init);
    requests.push(request);
    // Like the real server, the session is checked before any handler runs.
    if (!signedIn && !PUBLIC_PATHS.has(request.url.pathname)) return apiError(401, 'signed_out', 'Sign in to continue.');
    const route = routes[`${request.method} ${request.url.pathname}`];
    return (route && (await route(request))) ?? defaults(request);
  });
  vi.stubGlobal('fetch', fetchStub);

  return {
    fetchStub,
    /** Every request the SPA made, in order. */
    requests,
    setReady(answer: ReadyAnswer) {
      readyAnswer = answer;
    },
    /** From now on any sign-in succeeds, as `role`. */
    acceptSignIn(role: Role) {
      acceptsSignInAs = role;
    },
    /** The session is signed in from now on, as `role`, as after a second factor was given. */
    signIn(role: Role) {
      signedIn = role;
    },
    expireSession() {
      signedIn = null;
    },
  };
}
