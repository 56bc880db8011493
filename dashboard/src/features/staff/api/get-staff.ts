import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { staffKeys } from './staff-keys.ts';

/** A staff member; `passwordSet` is false until they chose a password with their setup link. */
export type StaffMember = InferResponseType<typeof api.staff.$get>['staff'][number];

export async function getStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  const { staff } = await readJson(api.staff.$get(undefined, { init: { signal } }));
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
