import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffView } from '../../../../../bff/src/staff/staff-service.ts';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { staffKeys } from './staff-keys.ts';

/** A staff member; `passwordSet` is false until they chose a password with their setup link. */
export type StaffMember = StaffView;

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
