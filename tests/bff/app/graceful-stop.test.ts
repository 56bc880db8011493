import { describe, expect, it } from 'vitest';
import type { BatchResultView, BatchView } from '../../../bff/src/batches/batch-view.ts';
import { useKillableConsole, type KillableConsole } from '../../support/killable-console.ts';
import { createUsers } from '../../support/emulator-control.ts';
import { ledgerSnapshot } from '../../support/ledger-audit.ts';
import { LEDGER_200_MS } from '../../support/paces.ts';
import { batchCsv, batchDiscrepancies, rowsNotIn, settled, waitForBatch } from '../../support/reward-batches.ts';
import { storeKinds } from '../../support/test-store.ts';
import { openFixtureReader } from '../../support/upgrade-fixtures/fixture-digest.ts';

const ADMIN = { email: 'admin@graceful-stop.test', password: 'graceful-stop-password' };
/** At one payment per 200 ms ledger, 24 rows take seconds: the stop comes with most of them to pay. */
const ROWS = 24;
/** The restart goes on within this: no lease of the stopped process is left to run out. */
const GOES_ON_WITHIN_MS = 1_000;

/** What the stopped console left in its store: rewards still leased, and the batch's rows not yet paid. */
async function leftInStore(c: KillableConsole, batchId: string): Promise<{ leased: string[]; unfinished: number; completed: number }> {
  const reader = await openFixtureReader(c.env.DATABASE_URL ? { kind: 'postgres', url: c.env.DATABASE_URL } : { kind: 'pglite', dataDir: c.env.PLAT_DATA_DIR ?? '' });
  try {
    const leased = await reader.rows<{ id: string; state: string; lease_owner: string }>('SELECT id, state, lease_owner FROM rewards WHERE lease_owner IS NOT NULL OR lease_until IS NOT NULL');
    const [counts] = await reader.rows<{ unfinished: number; completed: number }>(
      `SELECT count(*) FILTER (WHERE state IN ('requested', 'created', 'signed', 'submitted'))::int AS unfinished, count(*) FILTER (WHERE state = 'completed')::int AS completed
       FROM rewards WHERE batch_id = '${batchId}'`,
    );
    return { leased: leased.map((row) => `${row.id} (${row.state}) held by ${row.lease_owner}`), unfinished: counts?.unfinished ?? 0, completed: counts?.completed ?? 0 };
  } finally {
    await reader.close();
  }
}

/**
 * SIGTERM to a console process in the middle of a batch: it exits 0 with every reward at a recovery
 * point and no lease held; a console started again pays on at once, and in the end the ledger shows
 * every user paid exactly once.
 */
describe.each(storeKinds)('a SIGTERM in the middle of a batch on %s', (kind) => {
  const c = useKillableConsole(kind, ADMIN, 4_000, LEDGER_200_MS.network);

  const batchOf = (id: string) => c.admin.json<{ batch: BatchView }>('GET', `/api/rewards/batches/${id}`).then((answer) => answer.batch);

  it('exits 0 having released its leases; a restart goes on within a second, and each user is paid once', async () => {
    const users = await createUsers(c.emulator, ROWS);
    const upload = await c.admin.upload('/api/rewards/batches', batchCsv(users.map((user) => user.uid), '0.5', 'graceful stop'), 'text/csv');
    expect(upload.status).toBe(201);
    const { batch } = (await upload.json()) as { batch: BatchView };
    const before = await ledgerSnapshot(c.emulator, users);
    await c.admin.json('POST', `/api/rewards/batches/${batch.id}/start`);
    await waitForBatch(() => batchOf(batch.id), (b) => b.progress.done >= 3, 60_000, c.output);

    expect(await c.terminate()).toEqual({ code: 0, signal: null });
    expect(c.output()).not.toContain('stop deadline passed');
    const left = await leftInStore(c, batch.id);
    expect(left.leased).toEqual([]);
    // Stopped in the middle, or the rest of the test proves nothing.
    expect(left.unfinished).toBeGreaterThan(0);

    await c.restart();
    const restarted = performance.now();
    await waitForBatch(() => batchOf(batch.id), (b) => b.progress.done > left.completed, 30_000, c.output);
    expect(performance.now() - restarted).toBeLessThan(GOES_ON_WITHIN_MS);

    await waitForBatch(() => batchOf(batch.id), settled, 120_000, c.output);
    const { rows } = await c.admin.json<{ rows: BatchResultView[] }>('GET', `/api/rewards/batches/${batch.id}/rows?limit=${ROWS}`);
    expect(rowsNotIn(rows, ['completed'])).toEqual([]);
    expect(await batchDiscrepancies(c.emulator, before, rows, users, ['completed'])).toEqual({ rows: [], ledger: [] });
  }, 240_000);
});
