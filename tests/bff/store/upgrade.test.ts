import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../bff/src/audit/audit-verify.ts';
import { openStore, type Store, type StoreTarget } from '../../../bff/src/store/database.ts';
import { loadMigrations, migrate, NewerStoreError } from '../../../bff/src/store/migrate.ts';
import { openFixtureReader, tableDigest, type FixtureManifest } from '../../support/upgrade-fixtures/fixture-digest.ts';
import { createTestSchema, openTestStore, storeKinds, type StoreKind } from '../../support/test-store.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../support/upgrade-fixtures');

/**
 * Columns a later migration changed on purpose, by table; each entry says which migration and why.
 * Every other column of every table of every earlier release keeps every row as it was.
 */
const CHANGED_ON_PURPOSE: Record<string, { migration: string; columns: string[] }> = {};

/** Every store an earlier release wrote that this repository keeps (tests/support/upgrade-fixtures/README.md). */
const fixtures = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => storeKinds.filter((kind) => readdirSync(path.join(FIXTURES, entry.name)).includes(`${kind}.manifest.json`)).map((kind) => ({ release: entry.name, kind })));

/** The fixture put where a console would find it: a data directory, or a PostgreSQL schema. */
type FixtureTarget = Extract<StoreTarget, { kind: 'pglite' }> | { kind: 'postgres'; url: string };

async function restoreFixture(release: string, kind: StoreKind): Promise<{ target: FixtureTarget; drop(): Promise<void> }> {
  const folder = path.join(FIXTURES, release);
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'plat-upgrade-'));
    execFileSync('tar', ['xJf', path.join(folder, 'pglite.tar.xz'), '-C', dataDir]);
    return { target: { kind: 'pglite', dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const schema = await createTestSchema();
  const name = new URL(schema.url).searchParams.get('options')!.match(/search_path=(\w+)/)![1]!;
  const client = new pg.Client({ connectionString: schema.url });
  await client.connect();
  const dump = gunzipSync(readFileSync(path.join(folder, 'postgres.sql.gz'))).toString();
  // The test's schema exists already: the dump's own CREATE SCHEMA is left out.
  await client.query(dump.replace(/^CREATE SCHEMA __schema__;$/m, '').replaceAll('__schema__', name));
  await client.end();
  return { target: { kind: 'postgres', url: schema.url }, drop: schema.drop };
}

describe.each(fixtures)('a store made by release $release on $kind', ({ release, kind }) => {
  const manifest = JSON.parse(readFileSync(path.join(FIXTURES, release, `${kind}.manifest.json`), 'utf8')) as FixtureManifest;
  let drop: (() => Promise<void>) | null = null;
  let store: Store | null = null;
  afterEach(async () => {
    await store?.close();
    await drop?.();
    store = null;
    drop = null;
  });

  it('opens under this release with every row of every table as it was, and its audit chain verifies', { timeout: 60_000 }, async () => {
    const restored = await restoreFixture(release, kind);
    drop = restored.drop;
    store = await openStore(restored.target);
    const verification = await verifyAuditChain(store.db);
    expect(verification).toMatchObject({ intact: true, rows: manifest.tables.audit_events!.rows });
    await store.close();
    store = null;

    const reader = await openFixtureReader(restored.target);
    try {
      const versions = await reader.rows<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.map((row) => row.version)).toEqual(loadMigrations().map((migration) => migration.version));
      for (const [table, before] of Object.entries(manifest.tables)) {
        if (table === 'schema_migrations') continue;
        const changed = CHANGED_ON_PURPOSE[table]?.columns ?? [];
        const columns = before.columns.filter((column) => !changed.includes(column));
        const after = await tableDigest(reader, table, columns);
        if (changed.length === 0) expect({ table, ...after }).toEqual({ table, rows: before.rows, digest: before.digest });
        else expect({ table, rows: after.rows }).toEqual({ table, rows: before.rows });
      }
    } finally {
      await reader.close();
    }
  });
});

describe.each(storeKinds)('a store a newer release migrated, on %s', (kind) => {
  let store: Store | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
  });

  it('is refused, in words', async () => {
    store = await openTestStore(kind);
    const known = loadMigrations();
    const older = known.slice(0, -1);
    const refusal = await migrate(store.sql, older).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NewerStoreError);
    expect((refusal as Error).message).toContain(`its schema has ${known.at(-1)!.version}; this release knows up to ${older.at(-1)!.version}`);
  });
});
