import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import type { AuditEntry } from './audit-entry.ts';

/** Who, from where and in which request: the part of an audit entry every route fills the same way. */
export function auditContext(c: Context<AppEnv>): Pick<AuditEntry, 'actor' | 'clientIp' | 'requestId'> {
  const staff = c.get('staff');
  return {
    actor: staff ? { id: staff.id, email: staff.email, role: staff.role } : null,
    clientIp: c.get('clientIp'),
    requestId: c.get('requestId'),
  };
}
