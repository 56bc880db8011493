import type { Role } from '../domain/roles.ts';
import type { AuditAction } from './audit-action.ts';

/**
 * `unknown`: a request reached the platform but its answer was lost; a later row whose
 * `details.settles` is this row's id says how it ended.
 */
export type AuditOutcome = 'ok' | 'denied' | 'refused' | 'failed' | 'unknown';

/** A staff member, or an API key acting for the app's backend (its name as `email`, and who created it). */
export type AuditActor = { id: string; email: string; role: Role } | { id: string; email: string; role: 'api_key'; createdBy?: string | null };

/** One audited event. Never put secrets, passwords, session ids or access tokens in it. */
export interface AuditEntry {
  actor: AuditActor | null;
  clientIp: string | null;
  requestId: string | null;
  /** Dotted verb, e.g. `session.sign_in`, `staff.create`, `payment.cancel`, `access.denied`. */
  action: AuditAction;
  /** What it was done to, e.g. `staff:<id>`, `payment:<id>`, or the path of a refused request. */
  target: string | null;
  outcome: AuditOutcome;
  upstream?: { status: number | null; code: string } | null;
  details?: Record<string, unknown>;
}

/** Who, from where and in which request: the part of an audit entry every route fills the same way. */
export type AuditOrigin = Pick<AuditEntry, 'actor' | 'clientIp' | 'requestId'>;

/** The audit origin and the client's user agent, for services that also record sessions. */
export type RequestOrigin = AuditOrigin & { userAgent: string | null };
