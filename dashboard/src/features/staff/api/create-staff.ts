import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { staffKeys } from './staff-keys.ts';

/** Without a `password`, the server answers with a one-time setup link. */
export type NewStaffMember = InferRequestType<typeof api.staff.$post>['json'];

/** `setupLink` is `/setup?token=…`, valid 24 h; the server keeps only its hash, so this is the one chance to see it. */
export type CreatedStaffMember = InferResponseType<typeof api.staff.$post>;

export function createStaff(member: NewStaffMember): Promise<CreatedStaffMember> {
  return readJson(api.staff.$post({ json: member }));
}

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}
