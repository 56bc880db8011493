import { existsSync } from 'node:fs';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openStore, type Store } from '../store/database.ts';
import { DirectoryLockedError } from '../store/directory-lock.ts';
import { AuditLog } from './audit-log.ts';

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * `npm run audit:verify`: checks the chain in the store the console is configured with.
 * Exit code 0 when intact, 2 when not, 1 when it could not be checked.
 */
export async function auditVerifyCommand(env: NodeJS.ProcessEnv, output: CommandOutput): Promise<number> {
  let store: Store;
  try {
    store = await openConfiguredStore(env);
  } catch (error) {
    output.err(`audit:verify: ${cannotOpen(error)}`);
    return 1;
  }
  try {
    const verification = await new AuditLog(store.db, systemClock).verify();
    if (verification.intact) {
      output.out(`audit log intact, ${verification.rows} rows (head: row ${verification.head.id}, sha256 ${verification.head.hash})`);
      return 0;
    }
    output.out(`audit log NOT intact: ${verification.message} (${verification.rows} rows)`);
    return 2;
  } finally {
    await store.close();
  }
}

async function openConfiguredStore(env: NodeJS.ProcessEnv): Promise<Store> {
  const config = loadConfig(env);
  if (config.databaseUrl) return openStore({ kind: 'postgres', url: config.databaseUrl, maxConnections: 1 });
  // Opening creates a store; an empty one here would only say that PLAT_DATA_DIR points elsewhere.
  if (!existsSync(config.dataDir)) throw new Error(`no console data in ${config.dataDir} (PLAT_DATA_DIR); set it to the console's data directory, or set DATABASE_URL`);
  return openStore({ kind: 'pglite', dataDir: config.dataDir });
}

function cannotOpen(error: unknown): string {
  if (error instanceof DirectoryLockedError) {
    return `${error.message}. The embedded database is open in the running console: stop it first, or verify from the console (GET /api/audit/verify, admin).`;
  }
  if (error instanceof ConfigError) return `configuration error: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
