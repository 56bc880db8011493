import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupCommand } from '../../../bff/src/app/backup-command.ts';
import type { BatchView } from '../../../bff/src/batches/batch-view.ts';
import { createUsers } from '../../support/emulator-control.ts';
import { useKillableConsole } from '../../support/killable-console.ts';
import { startNode } from '../../support/node-process.ts';
import { batchCsv, settled, waitForBatch } from '../../support/reward-batches.ts';
import { openFixtureReader, rowDigests, tableDigests, type FixtureReader } from '../../support/upgrade-fixtures/fixture-digest.ts';

const ADMIN = { email: 'admin@backup.test', password: 'backup-test-password' };
const ROWS = 16;
/** One payment a second (one wallet's transactions go one per ledger): the batch still pays while `npm run backup` starts and runs. */
const SLOW_LEDGERS = { ledgerCloseMs: 1_000, horizonSubmitTimeoutMs: 3_000 };
const work = mkdtempSync(path.join(tmpdir(), 'plat-backup-test-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run <command> -- <file>` with the console's configuration at `dataDir`: its exit code and what it printed. */
async function run(command: 'backup' | 'restore', dataDir: string, file: string): Promise<{ code: number | null; output: string }> {
  const child = startNode(['--import', 'tsx', `scripts/${command}.ts`, file], { PATH: process.env.PATH, HOME: process.env.HOME, PLAT_DATA_DIR: dataDir });
  const { code } = await child.exited;
  return { code, output: child.output() };
}

/** The same command in this process (quicker), its exit code and lines. */
async function runHere(command: 'backup' | 'restore', env: NodeJS.ProcessEnv, file: string): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await backupCommand(command, env, [file], { out: (line) => lines.push(line), err: (line) => lines.push(line) });
  return { code, lines };
}

async function withReader<T>(dataDir: string, read: (reader: FixtureReader) => Promise<T>): Promise<T> {
  const reader = await openFixtureReader({ kind: 'pglite', dataDir });
  try {
    return await read(reader);
  } finally {
    await reader.close();
  }
}

/** The audit log's rows up to `lastId`: all of it, when the store was backed up then. */
async function auditPrefixDigest(reader: FixtureReader, columns: string[], lastId: number): Promise<string[]> {
  await reader.rows(`CREATE TEMP VIEW audit_prefix AS SELECT * FROM audit_events WHERE id <= ${lastId}`);
  return rowDigests(reader, 'audit_prefix', columns);
}

describe('npm run backup while a batch pays, and npm run restore', () => {
  const c = useKillableConsole('pglite', ADMIN, 4_000, SLOW_LEDGERS);

  it('backs up a consistent store while the console pays, and restores every table as it was', async () => {
    const users = await createUsers(c.emulator, ROWS);
    const upload = await c.admin.upload('/api/rewards/batches', batchCsv(users.map((user) => user.uid), '0.5', 'backup'), 'text/csv');
    const { batch } = (await upload.json()) as { batch: BatchView };
    await c.admin.json('POST', `/api/rewards/batches/${batch.id}/start`);
    const batchOf = () => c.admin.json<{ batch: BatchView }>('GET', `/api/rewards/batches/${batch.id}`).then((answer) => answer.batch);
    await waitForBatch(batchOf, (b) => b.progress.done >= 2, 60_000, c.output);

    // Mid-batch, through the running console.
    const dataDir = c.env.PLAT_DATA_DIR ?? '';
    const midBatch = path.join(work, 'mid-batch.backup');
    const taken = await run('backup', dataDir, midBatch);
    expect(taken.output).toMatch(/made by the running console.*audit log intact/);
    expect(taken.code).toBe(0);

    await waitForBatch(batchOf, settled, 120_000, c.output);
    expect(await c.terminate()).toEqual({ code: 0, signal: null });

    // Restored elsewhere: the chain verifies, and what it holds is the store as it was at one moment.
    const restoredMid = path.join(work, 'restored-mid');
    const restored = await run('restore', restoredMid, midBatch);
    expect(restored.output).toContain('audit log intact');
    expect(restored.code).toBe(0);
    const atBackup = await withReader(restoredMid, async (reader) => {
      const [audit] = await reader.rows<{ last: number }>('SELECT coalesce(max(id), 0)::int AS last FROM audit_events');
      const [rows] = await reader.rows<{ completed: number; total: number }>(`SELECT count(*) FILTER (WHERE state = 'completed')::int AS completed, count(*)::int AS total FROM rewards WHERE batch_id = '${batch.id}'`);
      const tables = await tableDigests(reader);
      return { lastAudit: audit?.last ?? 0, rows, tables };
    });
    // Taken in the middle: some rows paid, not all.
    expect(atBackup.rows?.total).toBe(ROWS);
    expect(atBackup.rows?.completed).toBeGreaterThan(0);
    expect(atBackup.rows?.completed).toBeLessThan(ROWS);
    // What was written until the backup is exactly what the running console had written: the audit log up to its head.
    const auditColumns = atBackup.tables.audit_events?.columns ?? [];
    const liveAuditPrefix = await withReader(dataDir, (reader) => auditPrefixDigest(reader, auditColumns, atBackup.lastAudit));
    expect(liveAuditPrefix).toEqual(atBackup.tables.audit_events?.rows);

    // With the console stopped: backed up and restored, every table is as it was, row for row.
    const stopped = path.join(work, 'stopped.backup');
    expect((await runHere('backup', { PLAT_DATA_DIR: dataDir }, stopped)).lines.join('\n')).toMatch(/made with the console stopped.*audit log intact/);
    const restoredStopped = path.join(work, 'restored-stopped');
    expect(await runHere('restore', { PLAT_DATA_DIR: restoredStopped }, stopped)).toMatchObject({ code: 0 });
    const before = await withReader(dataDir, tableDigests);
    const after = await withReader(restoredStopped, tableDigests);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['rewards', 'reward_batches', 'reconciliation_exceptions', 'settings', 'audit_events']));
    expect(after).toEqual(before);
  }, 300_000);

  it('refuses in words: a data directory that is not empty, a file that exists, PostgreSQL, a file that is no backup', async () => {
    const notABackup = path.join(work, 'not-a-backup');
    writeFileSync(notABackup, 'hello');
    const full = path.join(work, 'full');
    mkdirSync(full, { recursive: true });
    writeFileSync(path.join(full, 'something'), 'x');
    const notEmpty = await runHere('restore', { PLAT_DATA_DIR: full }, notABackup);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.lines.join()).toContain('is not empty: a restore writes only into an empty or absent directory');

    const exists = await runHere('backup', { PLAT_DATA_DIR: c.env.PLAT_DATA_DIR }, notABackup);
    expect(exists.code).toBe(1);
    expect(exists.lines.join()).toContain('already exists: a backup never overwrites a file');

    const postgres = await runHere('backup', { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, path.join(work, 'pg.backup'));
    expect(postgres.code).toBe(1);
    expect(postgres.lines.join()).toContain('pg_dump');

    const wrongFile = await runHere('restore', { PLAT_DATA_DIR: path.join(work, 'restored-wrong') }, notABackup);
    expect(wrongFile.code).toBe(1);
    expect(wrongFile.lines.join()).toContain('could not be restored: the file is not a console backup');
  }, 60_000);
});
