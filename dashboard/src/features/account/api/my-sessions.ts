import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson, readNoContent } from '../../../lib/api-client.ts';
import { writeSession } from '../../../lib/session.ts';
import { accountKeys } from './account-keys.ts';

/** One place the member is signed in: the device in words, its address, when it began and was last used. */
export type MySession = InferResponseType<typeof api.me.sessions.$get>['sessions'][number];

export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: async ({ signal }) => (await readJson(api.me.sessions.$get(undefined, { init: { signal } }))).sessions,
  });

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}

/** Ends one of the member's sessions; ending the one in this browser signs them out here. */
export function useEndMySession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (session: MySession) => readNoContent(api.me.sessions[':id'].end.$post({ param: { id: encodeURIComponent(session.id) } })),
    onSuccess: (_, session) => {
      if (session.current) writeSession(client, { status: 'signed-out', reason: 'signed-out' });
      else return client.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
  });
}
