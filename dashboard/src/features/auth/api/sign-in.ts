import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { sessionStateOf, writeSession, type SignInAnswer } from '../../../lib/session.ts';

export type Credentials = InferRequestType<typeof api.session.$post>['json'];

export function signIn(credentials: Credentials): Promise<SignInAnswer> {
  return readJson(api.session.$post({ json: credentials }));
}

/** The password; the answer is a session, or the step that asks for the second factor. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      // Each sign-in starts without what an earlier staff member's pages left in the cache.
      client.removeQueries({ type: 'inactive' });
      writeSession(client, sessionStateOf(answer));
    },
  });
}
