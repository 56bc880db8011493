import type { AuditEvent } from '../../../dashboard/src/features/audit/api/get-audit-events.ts';

/** An audit row as `/api/audit` answers it: by default Sandbox Admin's sign-in, changed by `overrides`. */
export function auditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  const id = overrides.id ?? 1;
  return {
    id,
    at: '2025-05-01T10:00:00.000Z',
    actor: { id: 'staff-admin', email: 'admin@sandbox.local', role: 'admin' },
    actorName: 'Sandbox Admin',
    clientIp: '127.0.0.1',
    requestId: `req-${id}`,
    action: 'session.sign_in',
    target: null,
    outcome: 'ok',
    upstream: null,
    details: {},
    subject: null,
    ...overrides,
  };
}
