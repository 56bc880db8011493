import type { Role } from './roles.ts';

/** The staff member a request acts for. */
export interface SignedInStaff {
  id: string;
  email: string;
  name: string;
  role: Role;
}
