/** The staff roles, least to most trusted; what each may do is the permission table's (`auth/permissions.ts`). */
export const ROLES = ['support', 'manager', 'ops', 'admin'] as const;
export type Role = (typeof ROLES)[number];
