import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { userKeys } from '../../../display/user/user-keys.ts';

/** What the console knows of one user: wallet, payment totals, blocking payments, staff actions. */
export type UserSummary = InferResponseType<(typeof api.users)[':uid']['$get']>;


export function getUser(uid: string, signal?: AbortSignal): Promise<UserSummary> {
  return readJson(api.users[':uid'].$get({ param: { uid: encodeURIComponent(uid) } }, { init: { signal } }));
}

export const userQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: userKeys.detail(uid),
    queryFn: ({ signal }) => getUser(uid, signal),
  });

export function useUser(uid: string) {
  return useQuery(userQueryOptions(uid));
}
