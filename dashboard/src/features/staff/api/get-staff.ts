import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import type { Role } from '../../../lib/roles.ts';
import { staffKeys } from './staff-keys.ts';

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** False until they chose a password with their setup link. */
  passwordSet: boolean;
  createdAt: string;
}

export async function getStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  const { staff } = await readJson<{ staff: StaffMember[] }>(apiRequest('GET', '/staff', { signal }));
  return staff;
}

export const staffListQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.lists(),
    queryFn: ({ signal }) => getStaff(signal),
  });

export function useStaffList() {
  return useQuery(staffListQueryOptions());
}
