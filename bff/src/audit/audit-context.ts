import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import type { AuditEntry } from './audit-entry.ts';

/** Who, from where and in which request: the part of an audit entry every route fills the same way. */
export type AuditOrigin = Pick<AuditEntry, 'actor' | 'clientIp' | 'requestId'>;

/** The audit origin and the client's user agent, for services that also record sessions. */
export type RequestOrigin = AuditOrigin & { userAgent: string | null };

export function auditContext(c: Context<AppEnv>): AuditOrigin {
  const staff = c.get('staff');
  return {
    actor: staff ? { id: staff.id, email: staff.email, role: staff.role } : null,
    clientIp: c.get('clientIp'),
    requestId: c.get('requestId'),
  };
}

export function requestOrigin(c: Context<AppEnv>): RequestOrigin {
  return { ...auditContext(c), userAgent: c.req.header('user-agent') ?? null };
}
