import { sql } from 'drizzle-orm';
import type { SecretSealer } from '../secret-sealer.ts';
import type { Database } from './database.ts';
import { rowsOf } from './result-rows.ts';

/** Every column that holds a sealed secret, with its table's key. */
const SEALED_COLUMNS = [
  { table: 'staff_totp', key: 'staff_id', column: 'secret' },
  { table: 'webhook_endpoints', key: 'id', column: 'secret' },
  { table: 'webhook_endpoints', key: 'id', column: 'previous_secret' },
] as const;

/** Sealed secrets are kept, but the console was started without a key to open them. */
export class SecretsKeyMissingError extends Error {
  constructor(count: number) {
    super(`${count} secret(s) in the store are encrypted, and PLAT_SECRETS_KEY is not set: set it to the key they were sealed with (see the README)`);
    this.name = 'SecretsKeyMissingError';
  }
}

/**
 * At start: every sealed secret in the store must open with the keys configured (else the console
 * refuses to start, in words), and those sealed under an earlier key are sealed again under the
 * current one, so after one start the earlier key can be dropped. Answers how many were sealed again.
 */
export async function resealStoredSecrets(db: Database, sealer: SecretSealer): Promise<number> {
  return db.transaction(async (tx) => {
    let resealed = 0;
    for (const { table, key, column } of SEALED_COLUMNS) {
      const rows = rowsOf<{ id: string; value: string }>(await tx.execute(sql`SELECT ${sql.identifier(key)}::text AS id, ${sql.identifier(column)} AS value FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} IS NOT NULL FOR UPDATE`));
      if (rows.length > 0 && !sealer.canSeal) throw new SecretsKeyMissingError(rows.length);
      for (const row of rows) {
        const plain = sealer.open(row.value);
        if (sealer.isCurrent(row.value)) continue;
        await tx.execute(sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${sealer.seal(plain)} WHERE ${sql.identifier(key)}::text = ${row.id}`);
        resealed++;
      }
    }
    return resealed;
  });
}
