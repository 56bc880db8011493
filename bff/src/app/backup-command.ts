import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { AuditLog } from '../audit/audit-log.ts';
import type { CommandOutput } from '../audit/audit-verify-command.ts';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { requestBackup } from '../store/backup-socket.ts';
import { openStore, PGLITE_SETTINGS, pgliteExtensions, type Store } from '../store/database.ts';
import { DirectoryLockedError, lockDirectory } from '../store/directory-lock.ts';
import { dumpEmbedded } from '../store/embedded-backup.ts';
import { loadEmbedded } from '../store/embedded-restore.ts';

const POSTGRES_HINT = 'DATABASE_URL is set: this console keeps its data in PostgreSQL, which its own tools back up and restore (pg_dump, pg_restore; see docs/operations.md, "Backups")';

/** What a command could not do, said in words; its exit code is 1. */
class CommandRefusal extends Error {}

/** The embedded store's data directory, from the console's configuration; refused on PostgreSQL. */
function embeddedDataDir(env: NodeJS.ProcessEnv): string {
  try {
    const config = loadConfig(env);
    if (config.databaseUrl) throw new CommandRefusal(POSTGRES_HINT);
    return path.resolve(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandRefusal(`configuration error: ${error.message}`);
    throw error;
  }
}

const lockFileOf = (dataDir: string) => path.join(dataDir, 'console.lock');

/** A backup of the store at `dataDir`: made here while no console runs on it, else by the running console (backup-socket.ts). */
async function takeBackup(dataDir: string): Promise<{ backup: Buffer; by: string }> {
  let unlock: () => void;
  try {
    unlock = lockDirectory(lockFileOf(dataDir));
  } catch (error) {
    if (!(error instanceof DirectoryLockedError)) throw error;
    return { backup: await requestBackup(dataDir), by: 'made by the running console' };
  }
  try {
    const instance = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions, postgresqlconf: PGLITE_SETTINGS });
    try {
      return { backup: await dumpEmbedded(instance), by: 'made with the console stopped' };
    } finally {
      await instance.close();
    }
  } finally {
    unlock();
  }
}

/** The audit chain of a store in words, and whether it is intact. */
async function chainOf(store: Store): Promise<{ intact: boolean; words: string }> {
  const verification = await new AuditLog(store.db, systemClock).verify();
  return verification.intact
    ? { intact: true, words: `audit log intact, ${verification.rows} rows (head: row ${verification.head.id}, sha256 ${verification.head.hash})` }
    : { intact: false, words: `audit log NOT intact: ${verification.message} (${verification.rows} rows)` };
}

/** The chain of a backup, read from a copy of it in memory. */
async function chainOfBackup(backup: Buffer): Promise<{ intact: boolean; words: string }> {
  const instance = await PGlite.create({ loadDataDir: new Blob([gunzipSync(backup)], { type: 'application/x-tar' }), extensions: pgliteExtensions, postgresqlconf: PGLITE_SETTINGS });
  const store = await openStore({ kind: 'pglite-instance', instance });
  try {
    return await chainOf(store);
  } finally {
    await store.close();
  }
}

async function backup(env: NodeJS.ProcessEnv, file: string, output: CommandOutput): Promise<number> {
  const dataDir = embeddedDataDir(env);
  if (!existsSync(path.join(dataDir, 'pglite'))) throw new CommandRefusal(`no console data in ${dataDir} (PLAT_DATA_DIR): set it to the console's data directory`);
  const target = path.resolve(file);
  if (existsSync(target)) throw new CommandRefusal(`${target} already exists: a backup never overwrites a file; choose a new name`);
  const { backup: taken, by } = await takeBackup(dataDir);
  const chain = await chainOfBackup(taken);
  // Written whole under another name first: a backup cut short never carries the name of a backup.
  writeFileSync(`${target}.partial`, taken, { mode: 0o600 });
  renameSync(`${target}.partial`, target);
  output.out(`backup of ${dataDir} (${by}) written to ${target}, ${taken.length} bytes; ${chain.words}`);
  return chain.intact ? 0 : 2;
}

async function restore(env: NodeJS.ProcessEnv, file: string, output: CommandOutput): Promise<number> {
  const dataDir = embeddedDataDir(env);
  const source = path.resolve(file);
  if (!existsSync(source)) throw new CommandRefusal(`${source} does not exist`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new CommandRefusal(`${dataDir} (PLAT_DATA_DIR) is not empty: a restore writes only into an empty or absent directory, so that it never overwrites a store; choose a new directory, or move this one away first`);
  }
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDirectory(lockFileOf(dataDir));
  try {
    await loadEmbedded(path.join(dataDir, 'pglite'), readFileSync(source));
  } catch (error) {
    rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    throw new CommandRefusal(`${source} could not be restored: ${(error as Error).message}`);
  } finally {
    unlock();
  }
  const store = await openStore({ kind: 'pglite', dataDir });
  try {
    const chain = await chainOf(store);
    output.out(`restored ${source} into ${dataDir}; ${chain.words}`);
    return chain.intact ? 0 : 2;
  } finally {
    await store.close();
  }
}

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` for the embedded store at PLAT_DATA_DIR.
 * Exit code 0 done with the audit chain intact, 2 done but the chain is not intact, 1 not done.
 */
export async function backupCommand(kind: 'backup' | 'restore', env: NodeJS.ProcessEnv, args: readonly string[], output: CommandOutput): Promise<number> {
  const [file] = args;
  if (!file || args.length !== 1) {
    output.err(`usage: npm run ${kind} -- <file>`);
    return 1;
  }
  try {
    return await (kind === 'backup' ? backup(env, file, output) : restore(env, file, output));
  } catch (error) {
    if (!(error instanceof CommandRefusal) && !(error instanceof DirectoryLockedError)) throw error;
    output.err(`${kind}: ${error.message}`);
    return 1;
  }
}
