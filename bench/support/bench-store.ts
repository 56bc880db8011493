import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger as DrizzleLogger } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PROJECT_ROOT } from '../../bff/src/project-root.ts';
import { openStore, type Database, type Store } from '../../bff/src/store/database.ts';
import type { PgliteClient } from '../../bff/src/store/pglite-client.ts';
import * as schema from '../../bff/src/store/schema.ts';
import { postgresUrl, type StoreKind } from './options.ts';

export interface Statement {
  text: string;
  params: unknown[];
}

/** A store for one benchmark run, with raw access to its client for baselines and plans. */
export interface BenchStore {
  kind: StoreKind;
  /** Where it lives, for the report. */
  where: string;
  store: Store;
  /** True when an earlier `--keep` run already filled the index with this many payments. */
  filled: boolean;
  /** Runs one statement on the store's own client, without the query layer. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` on a Database over the same client that records each statement it sends. */
  capture(work: (db: Database) => Promise<unknown>): Promise<Statement[]>;
  /** Records that the index is filled, so that a kept store is reused by the next run. */
  markFilled(): Promise<void>;
  /** Closes it, and throws it away unless kept. */
  close(): Promise<void>;
}

type RawClient = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

function recorder(statements: Statement[]): DrizzleLogger {
  return { logQuery: (text, params) => statements.push({ text, params }) };
}


/**
 * PGlite in a data directory: `.data/bench-pglite-<count>` when kept, else a temporary one, made in a
 * process of its own first so that this one opens it as a console's every later start does.
 */
async function openPglite(count: number, keep: boolean): Promise<BenchStore> {
  const dir = keep ? path.join(PROJECT_ROOT, '.data', `bench-pglite-${count}`) : mkdtempSync(path.join(tmpdir(), 'plat-bench-'));
  const marker = path.join(dir, 'bench-filled.json');
  const filled = keep && existsSync(marker) && (JSON.parse(readFileSync(marker, 'utf8')) as { count: number }).count === count;
  // A kept directory whose import did not finish is started over.
  if (keep && !filled) rmSync(dir, { recursive: true, force: true });
  if (!filled) execFileSync(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'bench/support/pglite-init-child.ts'), dir], { stdio: 'inherit' });
  const store = await openStore({ kind: 'pglite', dataDir: dir });
  // The store's own client (bff/src/store/pglite-client.ts), so that the bare SQL runs on the same driver.
  const client = (store.db as unknown as { $client: PgliteClient }).$client;
  return {
    kind: 'pglite',
    where: keep ? path.relative(PROJECT_ROOT, dir) : dir,
    store,
    filled,
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    capture: async (work) => {
      const statements: Statement[] = [];
      await work(drizzlePglite({ client: client as unknown as PGlite, schema, logger: recorder(statements) }));
      return statements;
    },
    markFilled: async () => writeFileSync(marker, JSON.stringify({ count, filledAt: new Date().toISOString() })),
    close: async () => {
      await store.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(text: string): Promise<{ rows: Array<Record<string, unknown>> }> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A schema of its own: `bench_keep_<count>` when kept, else a fresh `bench_<random>` dropped at the end. */
async function openPostgres(count: number, keep: boolean): Promise<BenchStore> {
  const name = keep ? `bench_keep_${count}` : `bench_${randomBytes(5).toString('hex')}`;
  await adminQuery('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  const comment = await adminQuery(`SELECT obj_description(oid, 'pg_namespace') AS note FROM pg_namespace WHERE nspname = '${name}'`);
  const filled = keep && comment.rows[0]?.note === `filled ${count}`;
  if (!filled) await adminQuery(`DROP SCHEMA IF EXISTS ${name} CASCADE; CREATE SCHEMA ${name}`);
  const url = new URL(postgresUrl as string);
  url.searchParams.set('options', `-c search_path=${name},public`);
  const store = await openStore({ kind: 'postgres', url: url.toString() });
  const client = (store.db as unknown as { $client: pg.Pool }).$client;
  const raw: RawClient = client;
  return {
    kind: 'postgres',
    where: `${url.host}${url.pathname} schema ${name}`,
    store,
    filled,
    query: async <T>(text: string, params: unknown[] = []) => (await raw.query(text, params)).rows as T[],
    capture: async (work) => {
      const statements: Statement[] = [];
      await work(drizzleNodePostgres({ client, schema, logger: recorder(statements) }));
      return statements;
    },
    markFilled: async () => {
      await adminQuery(`COMMENT ON SCHEMA ${name} IS 'filled ${count}'`);
    },
    close: async () => {
      await store.close();
      if (!keep) await adminQuery(`DROP SCHEMA ${name} CASCADE`);
    },
  };
}

export function openBenchStore(kind: StoreKind, options: { count: number; keep: boolean }): Promise<BenchStore> {
  return kind === 'pglite' ? openPglite(options.count, options.keep) : openPostgres(options.count, options.keep);
}
