import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore, PGLITE_SETTINGS, pgliteExtensions, type Store } from '../../bff/src/store/database.ts';

export type StoreKind = 'pglite' | 'postgres';

const postgresUrl = process.env.PLAT_TEST_DATABASE_URL;

/** The stores every store test runs on: PGlite always, PostgreSQL when PLAT_TEST_DATABASE_URL is set. */
export const storeKinds: StoreKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

let template: Blob | undefined;


function pgliteTemplate(): Blob {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
}

/**
 * A fresh PGlite in memory, migrated (loaded from the run's template, without initdb), with the
 * console's settings: with PostgreSQL's default 128 MB of shared buffers a fresh instance costs about
 * a third more CPU time and memory to start, and the suite starts many. (A console's data directory,
 * newConsoleDataDir, gets its settings from the console itself.)
 */
export function openTestPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: pgliteTemplate(), extensions: pgliteExtensions, postgresqlconf: PGLITE_SETTINGS });
}

/** A fresh, migrated, empty store; closing it also throws its data away. */
export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'pglite') {
    return openStore({ kind: 'pglite-instance', instance: await openTestPglite() });
  }
  const { url, drop } = await createTestSchema();
  const store = await openStore({ kind: 'postgres', url, maxConnections: 5 });
  return { ...store, close: async () => { await store.close(); await drop(); } };
}

/** A console data directory as a first start leaves it, made without running initdb (it costs seconds). */
export async function newConsoleDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plat-data-'));
  const instance = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: pgliteTemplate(), extensions: pgliteExtensions });
  await instance.close();
  return dataDir;
}

/** A new empty schema in the test database, and a URL whose connections use it. */
export async function createTestSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('PLAT_TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    url: url.toString(),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: postgresUrl });
      await cleaner.connect();
      await cleaner.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleaner.end();
    },
  };
}

/** The environment that points a console process at a fresh store of `kind`, and how to throw it away after. */
export async function consoleStoreEnv(kind: StoreKind): Promise<{ env: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = await newConsoleDataDir();
    return { env: { PLAT_DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const schema = await createTestSchema();
  return { env: { DATABASE_URL: schema.url }, drop: schema.drop };
}
