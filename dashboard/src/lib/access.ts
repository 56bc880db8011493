import { createContext, useContext } from 'react';
import type { Permission } from '../../../bff/src/public-types.ts';

export type { Permission };

/**
 * What the signed-in staff member may do, as the server said at sign-in. The SPA only hides
 * what a role cannot use; the server decides every request anyway.
 */
export const AccessContext = createContext<readonly Permission[]>([]);

export function useCan(permission: Permission): boolean {
  return useContext(AccessContext).includes(permission);
}

export function usePermissions(): readonly Permission[] {
  return useContext(AccessContext);
}
