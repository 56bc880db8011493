import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openStore, pgliteExtensions } from '../../bff/src/store/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped once per run; tests load it instead of initialising. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'plat-pglite-template-'));
  await preparePostgres();
  const instance = await PGlite.create({ extensions: pgliteExtensions });
  const store = await openStore({ kind: 'pglite-instance', instance });
  const dump = await instance.dumpDataDir('none');
  await store.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Test schemas share one database: its extensions are created once, in public, before any test migrates. */
async function preparePostgres(): Promise<void> {
  const url = process.env.PLAT_TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  await client.end();
}
