import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { staffKeys } from './staff-keys.ts';

/** The member as they are now (no password) and their new one-time setup link, shown this once. */
export type ResetStaffAccess = InferResponseType<(typeof api.staff)[':id']['reset-access']['$post']>;

export function resetStaffAccess(id: string): Promise<ResetStaffAccess> {
  return readJson(api.staff[':id']['reset-access'].$post({ param: { id: encodeURIComponent(id) } }));
}

/** Ends the member's password, sessions and earlier links on the server. */
export function useResetStaffAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetStaffAccess,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}
