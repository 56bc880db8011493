import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../project-root.ts';

/** One connection's worth of raw SQL, enough to apply migrations on PGlite or PostgreSQL. */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
}

export interface Migration {
  version: string;
  sql: string;
}

const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'bff/src/store/migrations');
const FILE_NAME = /^(\d{4}_[a-z0-9_]+)\.sql$/;
// Per schema, so that test runs in separate schemas of one database do not wait for each other.
const LOCK_KEY = "hashtext('plat-console:migrations:' || current_schema())";

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .map((file) => FILE_NAME.exec(file)?.[1])
    .filter((version): version is string => version !== undefined)
    .sort()
    .map((version) => ({ version, sql: readFileSync(`${dir}/${version}.sql`, 'utf8') }));
}

/** A store a newer release of the console has migrated: this one does not know its schema, and must not write to it. */
export class NewerStoreError extends Error {
  constructor(unknown: readonly string[], latestKnown: string | null) {
    super(
      `this store was upgraded by a newer release of the console (its schema has ${unknown.join(', ')}; this release knows up to ${latestKnown ?? 'none'}): ` +
        'start the newer release on it, or restore a backup taken before the upgrade',
    );
    this.name = 'NewerStoreError';
  }
}

/**
 * Applies the migrations not applied yet, in order, each in its own transaction, exactly once.
 * An advisory lock makes a second instance starting at the same moment wait, then find nothing to do.
 * A store with a migration this release does not know is refused before anything is applied.
 */
export async function migrate(session: SqlSession, migrations = loadMigrations()): Promise<string[]> {
  await session.exec(`SELECT pg_advisory_lock(${LOCK_KEY})`);
  try {
    await session.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await session.rows<{ version: string }>('SELECT version FROM schema_migrations')).map((row) => row.version));
    const known = new Set(migrations.map((migration) => migration.version));
    const unknown = [...applied].filter((version) => !known.has(version)).sort();
    if (unknown.length > 0) throw new NewerStoreError(unknown, migrations.at(-1)?.version ?? null);
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    for (const { version, sql } of pending) {
      try {
        await session.exec(`BEGIN;\n${sql}\n;INSERT INTO schema_migrations (version) VALUES ('${version}');\nCOMMIT;`);
      } catch (error) {
        await session.exec('ROLLBACK');
        throw new Error(`migration ${version} failed: ${(error as Error).message}`);
      }
    }
    return pending.map((migration) => migration.version);
  } finally {
    await session.exec(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
  }
}
