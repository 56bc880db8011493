import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiRequestError, api, readJson } from './api-client.ts';
import { authKeys } from './auth-keys.ts';

/** Who is signed in, what they may do and where their second factor stands, as `GET /api/session` says it. */
type SessionAnswer = InferResponseType<typeof api.session.$get>;

/** What a password sign-in answers: a full session, or that the second factor comes next. */
export type SignInAnswer = InferResponseType<typeof api.session.$post>;

export type StaffIdentity = SessionAnswer['staff'];

/** Whether the session's second factor was checked, what the member has set up, and what the policy asks of them. */
export type SecondFactorStatus = SessionAnswer['secondFactor'];

/** A way to give the second factor: a code from an authenticator app, a recovery code, or a passkey. */
export type SecondFactorMethod = Extract<SignInAnswer, { secondFactorRequired: true }>['methods'][number];

export interface SignedIn {
  status: 'signed-in';
  staff: StaffIdentity;
  permissions: SessionAnswer['permissions'];
  secondFactor: SecondFactorStatus;
}

/**
 * Why nobody is signed in: `session-ended` when the server stopped knowing a session the SPA
 * had (idle or absolute time-out, disabled, role changed), `signed-out` after signing out here.
 */
export type SignedOutReason = 'not-signed-in' | 'session-ended' | 'signed-out';

/** `second-factor`: the password was right, and the session can do nothing until the second factor is given. */
export type SessionState = SignedIn | { status: 'second-factor'; methods: SecondFactorMethod[] } | { status: 'signed-out'; reason: SignedOutReason };

/** The ways the member can give their second factor, from what they have set up. */
export function secondFactorMethods({ enrolled }: SecondFactorStatus): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (enrolled.totp) methods.push('totp');
  if (enrolled.recoveryCodesLeft > 0) methods.push('recovery');
  if (enrolled.passkeys > 0) methods.push('passkey');
  return methods;
}

/** The session a sign-in or a session read answered, as the SPA keeps it. */
export function sessionStateOf(answer: SignInAnswer | SessionAnswer): SessionState {
  if ('secondFactorRequired' in answer) return { status: 'second-factor', methods: answer.methods };
  const { staff, permissions, secondFactor } = answer;
  if (secondFactor.state === 'pending') return { status: 'second-factor', methods: secondFactorMethods(secondFactor) };
  return { status: 'signed-in', staff, permissions, secondFactor };
}

/** A 401 here is an answer, not a failure: nobody is signed in in this browser. */
export async function getSession(signal?: AbortSignal): Promise<SessionState> {
  try {
    return sessionStateOf(await readJson(api.session.$get(undefined, { init: { signal } })));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { status: 'signed-out', reason: 'not-signed-in' };
    throw error;
  }
}

/**
 * Read once per page load; sign-in, sign-out and any 401 write it directly,
 * so it never needs to go stale on its own.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: ({ signal }) => getSession(signal),
    staleTime: Infinity,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** The id of the staff member signed in here, or null. */
export function useMyStaffId(): string | null {
  const session = useSession();
  return session.data?.status === 'signed-in' ? session.data.staff.id : null;
}

/** Sign-in, sign-out and an ended session write what the server said straight into the cache. */
export function writeSession(client: QueryClient, state: SessionState): void {
  client.setQueryData(sessionQueryOptions().queryKey, state);
}

/** After a change to the member's own second factors: the session says anew what they have and owe. */
export function refreshSession(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
}
