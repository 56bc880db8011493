import { and, gt, isNull, lte } from 'drizzle-orm';
import { recordEventOnce } from '../events/event-log.ts';
import type { Database } from '../store/database.ts';
import { apiKeys } from '../store/schema.ts';

/** How long before its expiry a key is announced as expiring. */
export const EXPIRING_WITHIN_DAYS = 7;

/** An API key as the event `api_key.expiring` carries it: never its secret. Its schema is public-api/operations-schemas.ts. */
export interface PublicApiKey {
  id: string;
  name: string;
  /** The secret's prefix and last characters: enough to tell keys apart, never to use one. */
  hint: string;
  scopes: string[];
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

export function publicApiKeyOf(row: typeof apiKeys.$inferSelect): PublicApiKey {
  return { id: row.id, name: row.name, hint: row.secretHint, scopes: row.scopes, expiresAt: row.expiresAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/**
 * Records `api_key.expiring` for each live key that expires within EXPIRING_WITHIN_DAYS of `now`: once
 * per key and expiry (a key kept with the event), so a key given a new expiry is announced again.
 * Answers how many it recorded.
 */
export async function recordExpiringKeys(db: Database, now: Date): Promise<number> {
  const until = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * 86_400_000);
  const expiring = await db
    .select()
    .from(apiKeys)
    .where(and(isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, now), lte(apiKeys.expiresAt, until)));
  if (expiring.length === 0) return 0;
  return db.transaction(async (tx) => {
    let recorded = 0;
    for (const key of expiring) {
      const event = { type: 'api_key.expiring' as const, subjectId: key.id, data: { ...publicApiKeyOf(key) }, at: now };
      if (await recordEventOnce(tx, `api_key.expiring:${key.id}:${key.expiresAt?.toISOString()}`, event)) recorded++;
    }
    return recorded;
  });
}
