import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { writeSession, type SignInAnswer } from '../../../lib/session.ts';

export type Credentials = InferRequestType<typeof api.session.$post>['json'];

export function signIn(credentials: Credentials): Promise<SignInAnswer> {
  return readJson(api.session.$post({ json: credentials }));
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      // A second factor awaited: the session is not signed in yet (the SPA's second step is issue 38's).
      if (!('staff' in answer)) return;
      // Each sign-in starts without what an earlier staff member's pages left in the cache.
      client.removeQueries({ type: 'inactive' });
      writeSession(client, { status: 'signed-in', staff: answer.staff, permissions: answer.permissions });
    },
  });
}
