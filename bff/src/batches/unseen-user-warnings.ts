import type { KnownUsers } from '../users/known-users.ts';
import type { CheckedRow } from './batch-row-check.ts';

/** The platform's uids are opaque, but in practice UUIDs: anything else is worth a second look, never a refusal. */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Flags each valid row whose user the console has never seen (no payment to or from them in its
 * index), saying so louder when the uid does not even look like one; answers how many such users.
 */
export async function unseenUserWarnings(known: KnownUsers, rows: CheckedRow[]): Promise<number> {
  const valid = rows.filter((row) => row.problems.length === 0);
  const seen = await known.among(valid.map((row) => row.uid));
  const unseen = new Set<string>();
  for (const row of valid) {
    if (seen.has(row.uid)) continue;
    unseen.add(row.uid);
    row.warnings.push({
      column: 'uid',
      message: UUID_SHAPE.test(row.uid)
        ? 'the console has never seen this user (no payment to or from them); check the uid'
        : 'does not look like a platform uid (those are UUIDs in practice) and the console has never seen it; check the uid',
    });
  }
  return unseen.size;
}
