import { describe, expect, it } from 'vitest';
import { clearFaults, createUsers, emulatorStats, paymentsByDestination, resetEmulatorStats, setFaults, setOngoingRule } from '../../support/emulator-control.ts';
import { batchCsv, settled, waitForBatch } from '../../support/reward-batches.ts';
import { useBatchConsole } from '../support/batches.ts';

const CONCURRENCY = 8;

/**
 * A batch against the emulator under each form of the ongoing-payment rule, with the console's worker
 * and batch runner on their own timers: per user, rows for different users are paid side by side;
 * per app, one at a time, and still every row once.
 */
describe('a batch under the ongoing-payment rule', () => {
  const batchConsole = useBatchConsole();

  async function payAll(rule: 'per_user' | 'per_app', rows: number): Promise<void> {
    await setOngoingRule(batchConsole.app.emulator, rule);
    const users = await createUsers(batchConsole.app.emulator, rows);
    const id = await batchConsole.calls.upload(batchCsv(users.map((user) => user.uid)));
    await resetEmulatorStats(batchConsole.app.emulator);
    await batchConsole.calls.start(id);
    const batch = await waitForBatch(() => batchConsole.calls.get(id), settled, 60_000);
    expect(batch.progress).toMatchObject({ done: rows, failed: 0, remaining: 0 });
    const results = await batchConsole.calls.rows(id);
    const paid = await paymentsByDestination(batchConsole.app.emulator);
    for (const user of users) expect(paid.get(user.wallet_address)).toEqual([results.find((row) => row.uid === user.uid)?.txid]);
  }

  it('per user: pays rows for different users side by side, never more than its concurrency', async () => {
    // Submissions go one at a time (one wallet, sequence order): while one is on its way, the other rows' payments are open.
    await setFaults(batchConsole.app.emulator, [{ route: 'POST /horizon/transactions', kind: 'latency', latencyMs: 50 }]);
    await payAll('per_user', 16);
    await clearFaults(batchConsole.app.emulator);
    const stats = await emulatorStats(batchConsole.app.emulator);
    expect(stats.peak_open_a2u).toBeGreaterThan(1);
    expect(stats.peak_open_a2u).toBeLessThanOrEqual(CONCURRENCY);
    expect(stats.ongoing_refusals).toBe(0);
  }, 90_000);

  it('per app: pays every row, one at a time once the platform shows the rule', async () => {
    const rows = 24;
    await payAll('per_app', rows);
    const stats = await emulatorStats(batchConsole.app.emulator);
    expect(stats.peak_open_a2u).toBe(1);
    // Only the rows started side by side before the rule showed meet it; a runner that went on side by side would meet it on most rows.
    expect(stats.ongoing_refusals).toBeLessThan(rows);
  }, 90_000);
});
