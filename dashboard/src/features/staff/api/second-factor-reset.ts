import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readNoContent } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import type { StaffMember } from './get-staff.ts';
import { staffKeys } from './staff-keys.ts';

/** Removes the member's authenticator app, recovery codes and passkeys, and ends their sessions. */
export function useResetSecondFactors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (member: StaffMember) => readNoContent(api.staff[':id']['second-factors'].reset.$post({ param: { id: encodeURIComponent(member.id) } })),
    onSuccess: (_, member) => {
      showToast(`${member.name}’s second factors are removed. They set one up again when they next sign in.`);
      return client.invalidateQueries({ queryKey: staffKeys.lists() });
    },
  });
}

/** Signs the member out of every browser they are signed in on. */
export function useEndStaffSessions() {
  return useMutation({
    mutationFn: async (member: StaffMember) => readNoContent(api.staff[':id'].sessions.end.$post({ param: { id: encodeURIComponent(member.id) } })),
    onSuccess: (_, member) => showToast(`${member.name} is signed out everywhere.`),
  });
}
