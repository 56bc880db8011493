import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.ts';

/** The prev_hash of the first row: what the migration seeds audit_head with. */
export const GENESIS_HASH = '0'.repeat(64);

const FORMAT = 'plat-audit/1';

/** Every audit_events column but `hash`, in the form that is hashed. */
export interface AuditRowContent {
  id: number;
  /** UTC with microseconds, the precision of timestamptz: `2024-05-01T12:00:00.123000Z`. */
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  clientIp: string | null;
  requestId: string | null;
  action: string;
  target: string | null;
  outcome: string;
  upstreamStatus: number | null;
  upstreamCode: string | null;
  details: Record<string, unknown>;
  prevHash: string;
}

/** The canonical form of a stored time; a JS Date has milliseconds, so the last three digits are zeros. */
export function canonicalTime(at: Date): string {
  return at.toISOString().replace(/Z$/, '000Z');
}

/**
 * sha256 (hex) of a JSON array: a format tag, then the columns in table order. Object keys are sorted
 * (RFC 8785, JSON canonicalisation), because jsonb does not keep the order `details` was written in.
 */
export function hashAuditRow(row: AuditRowContent): string {
  const canonical = canonicalJson([
    FORMAT,
    row.id,
    row.at,
    row.actorId,
    row.actorEmail,
    row.actorRole,
    row.clientIp,
    row.requestId,
    row.action,
    row.target,
    row.outcome,
    row.upstreamStatus,
    row.upstreamCode,
    row.details,
    row.prevHash,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
