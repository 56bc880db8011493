import { Hono } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import { currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { ApprovalQueue } from './approval-queue.ts';

/** What waits for approval: by others (for the signed-in staff member to approve) and by them (to withdraw). */
export function approvalRoutes({ audit, approvals }: { audit: AuditLog; approvals: ApprovalQueue }) {
  return new Hono<AppEnv>().get('/rewards/awaiting-approval', requireAccess('rewards:approve', audit), async (c) => c.json(await approvals.for(currentStaff(c).id)));
}
