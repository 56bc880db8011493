import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import type { Role } from '../../../lib/roles.ts';
import type { StaffMember } from './get-staff.ts';
import { staffKeys } from './staff-keys.ts';

export interface NewStaffMember {
  email: string;
  name: string;
  role: Role;
  /** Their initial password; without one the server returns a one-time setup link. */
  password?: string;
}

export interface CreatedStaffMember {
  staff: StaffMember;
  /** `/setup?token=…`, valid 24 h; the server keeps only its hash, so this is the one chance to see it. */
  setupLink: string | null;
}

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
