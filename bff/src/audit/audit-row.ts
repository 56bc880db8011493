import type { AuditEntry } from './audit-entry.ts';
import { canonicalTime, type AuditRowContent } from './audit-hash.ts';

// PostgreSQL text and jsonb cannot hold NUL, and a lone surrogate does not survive UTF-8: either would
// make the stored row differ from the hashed one, or fail the append on attacker-chosen input.
const UNSTORABLE = /[\u0000\p{Cs}]/gu;

function storable(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

function storableOrNull(text: string | null | undefined): string | null {
  return text == null ? null : storable(text);
}

/** Plain JSON, as jsonb gives it back: no undefined, no Dates, no NaN, storable strings. */
function plainJson(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(plainJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storable(key), plainJson(item)]));
  }
  return value;
}

/** The row an entry becomes at a place in the chain, exactly as it will read back from the table. */
export function toAuditRowContent(entry: AuditEntry, place: { id: number; at: Date; prevHash: string }): AuditRowContent {
  // An API key acts for whoever created it: every row it writes names them.
  const keyCreator = entry.actor?.role === 'api_key' && entry.actor.createdBy !== undefined ? { keyCreatedBy: entry.actor.createdBy } : {};
  const details = plainJson(JSON.parse(JSON.stringify({ ...entry.details, ...keyCreator }))) as Record<string, unknown>;
  return {
    id: place.id,
    at: canonicalTime(place.at),
    // uuid columns read back in lower case.
    actorId: entry.actor ? entry.actor.id.toLowerCase() : null,
    actorEmail: storableOrNull(entry.actor?.email),
    actorRole: storableOrNull(entry.actor?.role),
    clientIp: storableOrNull(entry.clientIp),
    requestId: storableOrNull(entry.requestId),
    action: storable(entry.action),
    target: storableOrNull(entry.target),
    outcome: entry.outcome,
    upstreamStatus: entry.upstream?.status ?? null,
    upstreamCode: storableOrNull(entry.upstream?.code),
    details,
    prevHash: place.prevHash,
  };
}
