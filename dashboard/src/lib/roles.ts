import type { Role } from '../../../bff/src/public-types.ts';

export type { Role };

export const roleLabels: Record<Role, string> = {
  support: 'Support',
  manager: 'Manager',
  ops: 'Ops',
  admin: 'Admin',
};

/** What each role adds, in the words staff use; the server's permission table is the rule. */
export const roleSummaries: Record<Role, string> = {
  support: 'Reads payments, rewards, ads and the audit log; changes nothing.',
  manager: 'Support, and pays rewards to users; approves or rejects other staff’s rewards over the approval threshold.',
  ops: 'Support, and pays rewards (a manager or admin approves those over the threshold); cancels, completes and clears stuck payments.',
  admin: 'Everything managers and ops do, and manages staff and settings.',
};

export const roles = Object.keys(roleLabels) as Role[];
