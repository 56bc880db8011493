import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewStaff, StaffService } from '../../../../../bff/src/staff/staff-service.ts';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { staffKeys } from './staff-keys.ts';

/** Without a `password`, the server answers with a one-time setup link. */
export type NewStaffMember = NewStaff;

/** `setupLink` is `/setup?token=…`, valid 24 h; the server keeps only its hash, so this is the one chance to see it. */
export type CreatedStaffMember = Awaited<ReturnType<StaffService['create']>>;

export function createStaff(member: NewStaffMember): Promise<CreatedStaffMember> {
  return readJson<CreatedStaffMember>(apiRequest('POST', '/staff', { json: member }));
}

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}
