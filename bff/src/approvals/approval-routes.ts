import { Hono } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import { roleHas } from '../auth/permissions.ts';
import { currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { ApprovalQueue } from './approval-queue.ts';

/**
 * What waits for approval: by others (for the signed-in staff member to approve or reject, if they
 * may) and by them (to withdraw, or to read why it was rejected): everyone who may pay asks for
 * rewards that can wait.
 */
export function approvalRoutes({ audit, approvals }: { audit: AuditLog; approvals: ApprovalQueue }) {
  return new Hono<AppEnv>().get('/rewards/awaiting-approval', requireAccess('rewards:pay', audit), async (c) => {
    const staff = currentStaff(c);
    return c.json(await approvals.for(staff.id, roleHas(staff.role, 'rewards:approve')));
  });
}
