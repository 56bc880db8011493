import type { Context } from 'hono';
import type { AuditOrigin, RequestOrigin } from '../audit/audit-entry.ts';
import type { AppEnv } from '../http/app-env.ts';

/** Who is asking, from where, in which request: as the session middleware found it. */
export function auditContext(c: Context<AppEnv>): AuditOrigin {
  const staff = c.get('staff');
  const key = c.get('apiKey');
  return {
    actor: staff ? { id: staff.id, email: staff.email, role: staff.role } : key ? { id: key.id, email: key.name, role: 'api_key', createdBy: key.createdBy } : null,
    clientIp: c.get('clientIp'),
    requestId: c.get('requestId'),
  };
}

export function requestOrigin(c: Context<AppEnv>): RequestOrigin {
  return { ...auditContext(c), userAgent: c.req.header('user-agent') ?? null };
}
