import { hostname } from 'node:os';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResultView, BatchView } from '../../../bff/src/batches/batch-view.ts';
import { startEmulator, type RunningEmulator } from '../../../emulator/src/emulator.ts';
import { startTwoWalletConsoles, type BffProcess, type StaffClient, type TwoWalletConsoles } from '../../support/bff-process.ts';
import { control, createUsers, paymentsByDestination, setFaults } from '../../support/emulator-control.ts';
import { batchCsv, settled, waitForBatch } from '../../support/reward-batches.ts';
import { storeKinds } from '../../support/test-store.ts';

const ADMIN = { email: 'admin@two-instances.test', password: 'two-instances-password' };
const ROWS = 60;

interface HeldRow {
  id: string;
  lease_until: Date;
}

/**
 * Two console processes on one PostgreSQL share a batch's rows through leases; one is killed (kill -9)
 * mid-batch, holding rows: the other pays them once their leases end, and no row is paid twice.
 */
describe.skipIf(!storeKinds.includes('postgres'))('a batch worked by two instances on PostgreSQL, one of them killed', () => {
  let emulator: RunningEmulator;
  let consoles: TwoWalletConsoles;
  let first: BffProcess;
  let second: BffProcess;
  let admin: StaffClient;
  let db: pg.Client;

  beforeAll(async () => {
    emulator = await startEmulator();
    consoles = await startTwoWalletConsoles(emulator, ADMIN, 4_000);
    ({ first, second, admin, db } = consoles);
  }, 120_000);
  afterAll(async () => {
    await consoles?.close();
    await emulator?.close();
  }, 30_000);

  /** The rows the first process holds a live lease on (its lease owners begin with its instance id: host, pid). */
  async function heldByFirst(): Promise<HeldRow[]> {
    const held = await db.query<HeldRow>(`SELECT id, lease_until FROM rewards WHERE lease_owner LIKE $1 AND lease_until > now() AND state NOT IN ('completed', 'failed', 'cancelled', 'needs_attention')`, [
      `${hostname()}:${first.pid}:%`,
    ]);
    return held.rows;
  }

  it('pays each user exactly once, the dead instance’s rows by the other after their leases end', async () => {
    const users = await createUsers(emulator, ROWS);
    const upload = await admin.upload('/api/rewards/batches', batchCsv(users.map((user) => user.uid), '0.25', 'two instances'), 'text/csv');
    const { batch } = (await upload.json()) as { batch: BatchView };
    // Rows stay in flight long enough for the kill to find the first process holding some.
    await setFaults(emulator, [{ route: 'POST /v2/payments/*/complete', kind: 'latency', latencyMs: 100 }]);
    await admin.json('POST', `/api/rewards/batches/${batch.id}/start`);

    const read = () => admin.json<{ batch: BatchView }>('GET', `/api/rewards/batches/${batch.id}`).then((answer) => answer.batch);
    await waitForBatch(read, (now) => now.progress.done >= ROWS / 6, 60_000);
    const deadline = Date.now() + 30_000;
    while ((await heldByFirst()).length === 0) {
      if (Date.now() > deadline) throw new Error('the first instance never held a row');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await first.kill();
    const held = await heldByFirst();
    expect(held.length).toBeGreaterThan(0);
    admin = admin.at(second.url);

    const done = await waitForBatch(read, settled, 90_000, () => second.output().slice(-3_000) ?? '');
    expect(done.progress).toMatchObject({ done: ROWS, failed: 0 });
    const finished = await db.query<{ id: string; state: string; updated_at: Date }>('SELECT id, state, updated_at FROM rewards WHERE id = ANY($1)', [held.map((row) => row.id)]);
    for (const row of finished.rows) {
      expect(row.state).toBe('completed');
      expect(row.updated_at.getTime()).toBeGreaterThanOrEqual(held.find((h) => h.id === row.id)?.lease_until.getTime() ?? Infinity);
    }

    const { rows } = await admin.json<{ rows: BatchResultView[] }>('GET', `/api/rewards/batches/${batch.id}/rows?limit=1000`);
    const paid = await paymentsByDestination(emulator);
    for (const user of users) expect(paid.get(user.wallet_address)).toEqual([rows.find((row) => row.uid === user.uid)?.txid]);
    expect((await control<{ total: number }>(emulator, 'GET', '/payments?limit=1')).total).toBe(ROWS);
  }, 180_000);
});
