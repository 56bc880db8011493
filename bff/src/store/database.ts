import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDirectory } from './directory-lock.ts';
import { dumpEmbedded } from './embedded-backup.ts';
import { migrate, type SqlSession } from './migrate.ts';
import { PgliteClient } from './pglite-client.ts';
import { pglitePrepared, postgresPrepared, type PreparedStatement, type StatementDefinition } from './prepared-statement.ts';
import * as schema from './schema.ts';
import { advisoryLock, processLock, type SharedLock } from './shared-lock.ts';

/** Extensions the migrations use; an embedded database must load them when it opens. */
export const pgliteExtensions = { pg_trgm };

/**
 * With PostgreSQL's default 128 MB of shared buffers an embedded database makes its process hold
 * about 480 MiB once open (its WebAssembly memory grows past them); with 64 MB about 275 MiB. A
 * 4,000-row reward batch peaked at 296 MiB with 32 MB and at 255 MiB with 16 MB, at the same
 * throughput (bench/README.md, "Memory of the console"). The operating system still caches the data
 * files, and 100,000 indexed payments answer their pages within target with 16 MB
 * (bench/payments-query.bench.ts: p95 under 8 ms).
 */
export const PGLITE_SETTINGS = ["shared_buffers = '16MB'"];

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Store {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Raw SQL for what the query layer does not cover (tests, maintenance). */
  sql: SqlSession;
  /** A statement for a hot path, prepared once per connection (see prepared-statement.ts). */
  prepare(definition: StatementDefinition): PreparedStatement;
  /** The lock named `name` that every process on this store takes in turn (see shared-lock.ts); one per name. */
  lock(name: string): SharedLock;
  /** An embedded store's consistent backup (see embedded-backup.ts); null on PostgreSQL, whose own tools back it up. */
  backup: (() => Promise<Buffer>) | null;
  close(): Promise<void>;
}

export type StoreTarget =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | { kind: 'pglite'; dataDir: string }
  /** An already opened PGlite (tests load one from a migrated template). */
  | { kind: 'pglite-instance'; instance: PGlite };

/** Opens the store and brings its schema up to date. */
export async function openStore(target: StoreTarget): Promise<Store> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.maxConnections ?? 10);
  if (target.kind === 'pglite-instance') return wrapPglite(target.instance, async () => {});

  mkdirSync(target.dataDir, { recursive: true });
  const unlock = lockDirectory(path.join(target.dataDir, 'console.lock'));
  try {
    const instance = await PGlite.create(path.join(target.dataDir, 'pglite'), { extensions: pgliteExtensions, postgresqlconf: PGLITE_SETTINGS });
    return await wrapPglite(instance, async () => unlock());
  } catch (error) {
    unlock();
    throw error;
  }
}

function pgliteSession(instance: PGlite): SqlSession {
  return {
    exec: async (sql) => {
      await instance.exec(sql);
    },
    rows: async <T>(sql: string) => (await instance.query<T>(sql)).rows,
  };
}

async function wrapPglite(instance: PGlite, release: () => Promise<void>): Promise<Store> {
  const session = pgliteSession(instance);
  try {
    await migrate(session);
  } catch (error) {
    await instance.close();
    throw error;
  }
  const client = new PgliteClient(instance);
  return {
    kind: 'pglite',
    // The query layer calls only `query` and `transaction` on its client (drizzle-orm/pglite/session.js).
    db: drizzlePglite({ client: client as unknown as PGlite, schema }),
    sql: session,
    prepare: (definition) => pglitePrepared(client, definition),
    lock: locksBy(() => processLock()),
    backup: () => dumpEmbedded(instance),
    close: async () => {
      if (!instance.closed) await instance.close();
      await release();
    },
  };
}

/** Raw SQL on a pool (any free connection) or on one client (a session of its own, for the migration lock). */
function postgresSession(queryable: pg.Pool | pg.PoolClient): SqlSession {
  return {
    exec: async (sql) => {
      await queryable.query(sql);
    },
    rows: async <T>(sql: string) => (await queryable.query(sql)).rows as T[],
  };
}

async function openPostgres(url: string, maxConnections: number): Promise<Store> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  try {
    const client = await pool.connect();
    try {
      await migrate(postgresSession(client));
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: 'postgres',
    db: drizzleNodePostgres({ client: pool, schema }),
    sql: postgresSession(pool),
    prepare: (definition) => postgresPrepared(pool, definition),
    lock: locksBy((name) => advisoryLock(pool, name)),
    backup: null,
    close: () => pool.end(),
  };
}

function locksBy(make: (name: string) => SharedLock): (name: string) => SharedLock {
  const locks = new Map<string, SharedLock>();
  return (name) => {
    const lock = locks.get(name) ?? make(name);
    locks.set(name, lock);
    return lock;
  };
}
