import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffChange } from '../../../../../bff/src/staff/staff-service.ts';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import type { StaffMember } from './get-staff.ts';
import { staffKeys } from './staff-keys.ts';

export function updateStaff({ id, change }: { id: string; change: StaffChange }): Promise<StaffMember> {
  return readJson<{ staff: StaffMember }>(apiRequest('PATCH', `/staff/${encodeURIComponent(id)}`, { json: change })).then(({ staff }) => staff);
}

/** Changing a role or disabling ends that staff member's sessions on the server. */
export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}
