import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import type { StaffMember } from './get-staff.ts';
import { staffKeys } from './staff-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

export type StaffChange = InferRequestType<(typeof api.staff)[':id']['$patch']>['json'];

export async function updateStaff({ id, change }: { id: string; change: StaffChange }): Promise<StaffMember> {
  const { staff } = await readJson(api.staff[':id'].$patch({ param: { id: encodeURIComponent(id) }, json: change }));
  return staff;
}

/** Changing a role or disabling ends that staff member's sessions on the server. */
export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: (member) => {
      showToast(`${member.name} is updated.`);
      return client.invalidateQueries({ queryKey: staffKeys.lists() });
    },
  });
}
