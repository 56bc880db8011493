import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { writeSession, type SignedInAnswer } from '../../../lib/session.ts';

export type Credentials = InferRequestType<typeof api.session.$post>['json'];

export function signIn(credentials: Credentials): Promise<SignedInAnswer> {
  return readJson(api.session.$post({ json: credentials }));
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ staff, permissions }) => {
      // Each sign-in starts without what an earlier staff member's pages left in the cache.
      client.removeQueries({ type: 'inactive' });
      writeSession(client, { status: 'signed-in', staff, permissions });
    },
  });
}
