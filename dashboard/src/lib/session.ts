import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiRequestError, api, readJson } from './api-client.ts';
import { authKeys } from './auth-keys.ts';

/** What signing in answers: who signed in and what they may do, or that a second factor is awaited. */
export type SignInAnswer = InferResponseType<typeof api.session.$post>;

/** Who signed in and what they may do; `GET /api/session` says the same, with the session's expiry times. */
export type SignedInAnswer = Pick<Extract<SignInAnswer, { staff: unknown }>, 'staff' | 'permissions'>;

export type StaffIdentity = SignedInAnswer['staff'];

/**
 * Why nobody is signed in: `session-ended` when the server stopped knowing a session the SPA
 * had (idle or absolute time-out, disabled, role changed), `signed-out` after signing out here.
 */
export type SignedOutReason = 'not-signed-in' | 'session-ended' | 'signed-out';

export type SessionState = ({ status: 'signed-in' } & SignedInAnswer) | { status: 'signed-out'; reason: SignedOutReason };

/** A 401 here is an answer, not a failure: nobody is signed in in this browser. */
export async function getSession(signal?: AbortSignal): Promise<SessionState> {
  try {
    const { staff, permissions } = await readJson(api.session.$get(undefined, { init: { signal } }));
    return { status: 'signed-in', staff, permissions };
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
