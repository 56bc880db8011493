import { describe, expect, it } from 'vitest';
import { storeCopyCommand } from '../../../bff/src/app/store-copy-command.ts';
import type { BatchResultView, BatchView } from '../../../bff/src/batches/batch-view.ts';
import { startBff } from '../../support/bff-process.ts';
import { createUsers } from '../../support/emulator-control.ts';
import { useKillableConsole } from '../../support/killable-console.ts';
import { ledgerSnapshot } from '../../support/ledger-audit.ts';
import { batchCsv, batchDiscrepancies, settled, waitForBatch } from '../../support/reward-batches.ts';
import { createTestSchema, storeKinds } from '../../support/test-store.ts';
import { openFixtureReader, tableDigests, type FixtureReader } from '../../support/upgrade-fixtures/fixture-digest.ts';

const ADMIN = { email: 'admin@store-copy.test', password: 'store-copy-password' };
const ROWS = 12;
/** One payment a second: the stop comes with most of the batch to pay. */
const SLOW_LEDGERS = { ledgerCloseMs: 1_000, horizonSubmitTimeoutMs: 3_000 };

async function copy(dataDir: string, url: string): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await storeCopyCommand([dataDir, url], { out: (line) => lines.push(line), err: (line) => lines.push(line) });
  return { code, lines };
}

async function digestsOf(open: () => Promise<FixtureReader>) {
  const reader = await open();
  try {
    return await tableDigests(reader);
  } finally {
    await reader.close();
  }
}

/**
 * The move from the embedded store to PostgreSQL: a console on PGlite stopped (gracefully) in the
 * middle of a batch, its data directory copied into an empty database, and a console on PostgreSQL
 * finishing the batch, each user paid exactly once.
 */
describe.skipIf(!storeKinds.includes('postgres'))('npm run store:copy from a data directory into PostgreSQL', () => {
  const c = useKillableConsole('pglite', ADMIN, 4_000, SLOW_LEDGERS);

  it('copies every table, sequence and the audit chain; a console on PostgreSQL finishes the rewards in flight, each paid once', async () => {
    const users = await createUsers(c.emulator, ROWS);
    const upload = await c.admin.upload('/api/rewards/batches', batchCsv(users.map((user) => user.uid), '0.5', 'moved'), 'text/csv');
    const { batch } = (await upload.json()) as { batch: BatchView };
    const before = await ledgerSnapshot(c.emulator, users);
    await c.admin.json('POST', `/api/rewards/batches/${batch.id}/start`);
    await waitForBatch(() => c.admin.json<{ batch: BatchView }>('GET', `/api/rewards/batches/${batch.id}`).then((answer) => answer.batch), (b) => b.progress.done >= 2, 60_000, c.output);
    expect(await c.terminate()).toEqual({ code: 0, signal: null });

    const dataDir = c.env.PLAT_DATA_DIR ?? '';
    const target = await createTestSchema();
    try {
      const copied = await copy(dataDir, target.url);
      expect(copied.lines.join('\n')).toMatch(/copied .* into PostgreSQL: .*rewards \d+.*\naudit log intact in PostgreSQL/);
      expect(copied.code).toBe(0);
      // Row for row, every table (the migrations' own record among them) is as in the data directory.
      const fromPglite = await digestsOf(() => openFixtureReader({ kind: 'pglite', dataDir }));
      expect(await digestsOf(() => openFixtureReader({ kind: 'postgres', url: target.url }))).toEqual(fromPglite);
      expect(fromPglite.rewards?.rows.length).toBe(ROWS);
      const reader = await openFixtureReader({ kind: 'pglite', dataDir });
      const [left] = await reader.rows<{ unfinished: number }>("SELECT count(*)::int AS unfinished FROM rewards WHERE state <> 'completed'");
      await reader.close();
      // Moved in the middle of the batch, or the rest proves nothing.
      expect(left?.unfinished).toBeGreaterThan(0);

      // Into a database that has data: refused, in words.
      const again = await copy(dataDir, target.url);
      expect(again.code).toBe(1);
      expect(again.lines.join()).toContain('already has data');

      // The console on PostgreSQL goes on: same staff session, same batch, new rows numbered on.
      const moved = await startBff({ ...c.env, PLAT_DATA_DIR: undefined, DATABASE_URL: target.url });
      try {
        const admin = c.admin.at(moved.url);
        const done = await waitForBatch(() => admin.json<{ batch: BatchView }>('GET', `/api/rewards/batches/${batch.id}`).then((answer) => answer.batch), settled, 120_000, moved.output);
        expect(done.progress.done).toBe(ROWS);
        const { rows } = await admin.json<{ rows: BatchResultView[] }>('GET', `/api/rewards/batches/${batch.id}/rows?limit=${ROWS}`);
        expect(await batchDiscrepancies(c.emulator, before, rows, users, ['completed'])).toEqual({ rows: [], ledger: [] });
        const verified = await admin.json<{ intact: boolean }>('GET', '/api/audit/verify');
        expect(verified.intact).toBe(true);
      } finally {
        await moved.stop();
      }
    } finally {
      await target.drop();
    }
  }, 300_000);

  it('refuses a data directory in use, in words', async () => {
    await c.restart();
    const target = await createTestSchema();
    try {
      const inUse = await copy(c.env.PLAT_DATA_DIR ?? '', target.url);
      expect(inUse.code).toBe(1);
      expect(inUse.lines.join()).toContain('Stop the console first');
    } finally {
      await target.drop();
    }
  }, 120_000);
});
