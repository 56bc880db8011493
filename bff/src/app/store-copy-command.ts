import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { AuditLog } from '../audit/audit-log.ts';
import type { CommandOutput } from '../audit/audit-verify-command.ts';
import { systemClock } from '../clock.ts';
import { openStore, type Store } from '../store/database.ts';
import { DirectoryLockedError } from '../store/directory-lock.ts';
import { CopyMismatch, copyStore, targetTables } from '../store/store-copy.ts';

/** What the command could not do, said in words; its exit code is 1. */
class CopyRefusal extends Error {}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new CopyRefusal(`cannot connect to the PostgreSQL database: ${(error as Error).message}`);
  }
}

/** The target must hold no table yet: a copy never mixes two stores' rows, nor overwrites one. */
async function refuseUnlessEmpty(url: string): Promise<void> {
  const client = await connect(url);
  try {
    const tables = await targetTables(client);
    if (tables.length > 0) {
      throw new CopyRefusal(`the PostgreSQL database already has data (${tables.length} tables, among them ${tables.slice(0, 3).join(', ')}): store:copy writes only into an empty database; create a new one (createdb) and copy into it`);
    }
  } finally {
    await client.end();
  }
}

async function openSource(dataDir: string): Promise<Store> {
  if (!existsSync(path.join(dataDir, 'pglite'))) throw new CopyRefusal(`no console data in ${dataDir}: give the data directory of the embedded store (PLAT_DATA_DIR)`);
  try {
    return await openStore({ kind: 'pglite', dataDir });
  } catch (error) {
    if (error instanceof DirectoryLockedError) throw new CopyRefusal(`${error.message}. Stop the console first (SIGTERM or Ctrl-C: it stops gracefully), then copy`);
    throw error;
  }
}

/**
 * `npm run store:copy -- <data dir> <postgres url>`: everything in an embedded store, into an empty
 * PostgreSQL database, checked afterwards (every table's rows, every sequence, the audit chain).
 * Exit code 0 copied and checked, 1 not copied (or not as its source), 2 copied but the chain is not intact.
 */
export async function storeCopyCommand(args: readonly string[], output: CommandOutput): Promise<number> {
  const [dataDirArg, url] = args;
  if (!dataDirArg || !url || args.length !== 2 || !/^postgres(ql)?:\/\//.test(url)) {
    output.err('usage: npm run store:copy -- <data dir> <postgres://… url of an empty database>');
    return 1;
  }
  const dataDir = path.resolve(dataDirArg);
  try {
    await refuseUnlessEmpty(url);
    const source = await openSource(dataDir);
    try {
      // The same migrations make the target's schema; then the rows come over.
      await (await openStore({ kind: 'postgres', url, maxConnections: 1 })).close();
      const client = await connect(url);
      try {
        const copied = await copyStore(source.sql, client);
        output.out(`copied ${dataDir} into PostgreSQL: ${copied.map(({ table, rows }) => `${table} ${rows}`).join(', ')}`);
      } finally {
        await client.end();
      }
    } finally {
      await source.close();
    }
    const target = await openStore({ kind: 'postgres', url, maxConnections: 1 });
    try {
      const verification = await new AuditLog(target.db, systemClock).verify();
      if (!verification.intact) {
        output.out(`audit log NOT intact in PostgreSQL: ${verification.message} (${verification.rows} rows)`);
        return 2;
      }
      output.out(`audit log intact in PostgreSQL, ${verification.rows} rows (head: row ${verification.head.id}, sha256 ${verification.head.hash}); start the console with DATABASE_URL set to this database`);
      return 0;
    } finally {
      await target.close();
    }
  } catch (error) {
    if (!(error instanceof CopyRefusal) && !(error instanceof CopyMismatch)) throw error;
    output.err(`store:copy: ${error.message}`);
    return 1;
  }
}
