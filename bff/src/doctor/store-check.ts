import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { pgliteExtensions, PGLITE_SETTINGS } from '../store/database.ts';
import { DirectoryLockedError, lockDirectory } from '../store/directory-lock.ts';
import { loadMigrations } from '../store/migrate.ts';
import type { AppFacts } from './app-facts.ts';
import { note, ok, problem, type Finding } from './finding.ts';

const SUBJECT = 'Store';

/** What the doctor reads of a store, inside one read-only transaction. */
interface StoreRead {
  /** Null when the store has no schema_migrations table: nothing was ever migrated. */
  applied: string[] | null;
  facts: AppFacts | null;
}

type Query = <T>(sql: string) => Promise<T[]>;

async function readStore(query: Query): Promise<StoreRead> {
  const [table] = await query<{ found: string | null }>("SELECT to_regclass('schema_migrations')::text AS found");
  if (!table?.found) return { applied: null, facts: null };
  const applied = (await query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((row) => row.version);
  const [rewards] = await query<{ found: string | null }>("SELECT to_regclass('rewards')::text AS found");
  if (!rewards?.found) return { applied, facts: null };
  const [latest] = await query<{ network: string; from_address: string }>(
    'SELECT network, from_address FROM rewards WHERE network IS NOT NULL AND from_address IS NOT NULL ORDER BY created_at DESC LIMIT 1',
  );
  return { applied, facts: latest ? { network: latest.network, walletAddress: latest.from_address, source: "the store's latest reward" } : null };
}

async function readPostgres(url: string): Promise<StoreRead> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Every statement of the doctor runs in a read-only transaction: PostgreSQL itself refuses any write.
    await client.query('BEGIN READ ONLY');
    const read = await readStore(async <T>(sql: string) => (await client.query(sql)).rows as T[]);
    await client.query('ROLLBACK');
    return read;
  } finally {
    await client.end();
  }
}

/** Null when another console holds the directory: it is then not opened at all. */
async function readEmbedded(dataDir: string): Promise<StoreRead | null> {
  let unlock: () => void;
  try {
    unlock = lockDirectory(path.join(dataDir, 'console.lock'));
  } catch (error) {
    if (error instanceof DirectoryLockedError) return null;
    throw error;
  }
  try {
    const instance = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions, postgresqlconf: PGLITE_SETTINGS });
    try {
      await instance.exec('BEGIN READ ONLY');
      const read = await readStore(async <T>(sql: string) => (await instance.query<T>(sql)).rows);
      await instance.exec('ROLLBACK');
      return read;
    } finally {
      await instance.close();
    }
  } finally {
    unlock();
  }
}

/** The store the console is configured with: reachable, and at the schema this release expects. Never migrated, never written. */
export async function checkStore(config: Config): Promise<{ finding: Finding; facts: AppFacts | null }> {
  const where = config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `the embedded store in PLAT_DATA_DIR=${config.dataDir}`;
  let read: StoreRead | null;
  try {
    if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite'))) {
      const todo = 'if this deployment has data, PLAT_DATA_DIR points elsewhere: set it to the console\'s data directory (or set DATABASE_URL); a first start creates the store here';
      return { finding: problem(SUBJECT, `there is no store in PLAT_DATA_DIR=${config.dataDir}`, todo), facts: null };
    }
    read = config.databaseUrl ? await readPostgres(config.databaseUrl) : await readEmbedded(config.dataDir);
  } catch (error) {
    const todo = config.databaseUrl ? 'check DATABASE_URL (host, port, database, user, password) and that PostgreSQL runs and lets this machine in' : 'check PLAT_DATA_DIR and its permissions';
    return { finding: problem(SUBJECT, `${where} could not be read: ${(error as Error).message}`, todo), facts: null };
  }
  if (read === null) {
    return { finding: note(SUBJECT, `${where} is in use by a running console, so the doctor did not open it (the embedded store takes one process); the console checked its schema when it started`), facts: null };
  }
  return { finding: schemaFinding(where, read.applied), facts: read.facts };
}

function schemaFinding(where: string, applied: string[] | null): Finding {
  const expected = loadMigrations().map((migration) => migration.version);
  const latest = expected.at(-1) ?? 'none';
  if (applied === null || applied.length === 0) {
    return problem(SUBJECT, `${where} is reachable but empty: no migration was ever applied`, 'if this deployment has data, the console is pointed at the wrong store; otherwise its first start creates the schema');
  }
  const unknown = applied.filter((version) => !expected.includes(version));
  if (unknown.length > 0) {
    return problem(SUBJECT, `${where} was migrated by a newer release of the console (${unknown.join(', ')}); this release knows up to ${latest}`, 'run the newer release on it, or restore a backup taken before the upgrade');
  }
  const missing = expected.filter((version) => !applied.includes(version));
  if (missing.length > 0) {
    return problem(
      SUBJECT,
      `${where} is behind this release's schema: ${missing.length} migration(s) not applied (${missing.join(', ')}); it is at ${applied.at(-1) ?? 'none'}`,
      'take a backup, then start this release once: it applies the missing migrations at start (each in its own transaction). If an older console still runs on this store, upgrade every instance together',
    );
  }
  return ok(SUBJECT, `${where} is reachable and at the expected schema (${expected.length} migrations, the latest ${latest})`);
}
