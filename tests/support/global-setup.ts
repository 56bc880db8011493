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

interface SharedTemplate {
  file: Promise<string>;
  users: number;
  remove: () => void;
}

// The unit and e2e projects both list this file, and Vitest runs each project's global setup, one after
// the other, in the same main process (each through its own module instance). The template is made
// once per run and shared through the process: initdb and the migrations take seconds before any test starts.
const SHARED = Symbol.for('plat-console.pglite-template');
const shared = globalThis as typeof globalThis & { [SHARED]?: SharedTemplate };

export default async function setup(project: TestProject): Promise<() => void> {
  let template = shared[SHARED];
  if (!template) {
    const dir = mkdtempSync(path.join(tmpdir(), 'plat-pglite-template-'));
    template = { file: makeTemplate(dir), users: 0, remove: () => rmSync(dir, { recursive: true, force: true }) };
    shared[SHARED] = template;
  }
  const current = template;
  current.users += 1;
  project.provide('pgliteTemplate', await current.file);
  return () => {
    current.users -= 1;
    if (current.users > 0) return;
    if (shared[SHARED] === current) delete shared[SHARED];
    current.remove();
  };
}

async function makeTemplate(dir: string): Promise<string> {
  await preparePostgres();
  const instance = await PGlite.create({ extensions: pgliteExtensions });
  const store = await openStore({ kind: 'pglite-instance', instance });
  const dump = await instance.dumpDataDir('none');
  await store.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
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
