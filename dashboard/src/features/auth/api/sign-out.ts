import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readNoContent } from '../../../lib/api-client.ts';
import { writeSession } from '../../../lib/session.ts';

export function signOut(): Promise<void> {
  return readNoContent(api.session.$delete());
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => writeSession(client, { status: 'signed-out', reason: 'signed-out' }),
  });
}
