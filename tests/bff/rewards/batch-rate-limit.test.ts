import { describe, expect, it } from 'vitest';
import { clearFaults, control, createUsers, faultsApplied, paymentsByDestination, setFaults } from '../../support/emulator-control.ts';
import { batchCsv, settled, waitForBatch } from '../../support/reward-batches.ts';
import { useBatchConsole } from '../support/batches.ts';

const CONCURRENCY = 8;
const ROWS = 32;
const RETRY_AFTER_SECONDS = 5;

/**
 * The platform answers every create with 429 for a while: the batch runner stops starting rows until
 * the Retry-After has passed, instead of trying row after row; once the platform lets it, every row is
 * paid, once.
 */
describe('a batch meeting 429s on create', () => {
  const batchConsole = useBatchConsole();

  it('backs off while rate-limited, then pays every row exactly once', async () => {
    const users = await createUsers(batchConsole.app.emulator, ROWS);
    const id = await batchConsole.calls.upload(batchCsv(users.map((user) => user.uid)));
    await setFaults(batchConsole.app.emulator, [{ route: 'POST /v2/payments', kind: 'rate_limit', retryAfterSeconds: RETRY_AFTER_SECONDS }]);
    await batchConsole.calls.start(id);

    const deadline = Date.now() + 10_000;
    while (((await faultsApplied(batchConsole.app.emulator))[0] ?? 0) === 0) {
      if (Date.now() > deadline) throw new Error('no create reached the emulator');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Well inside the Retry-After: only the rows started before the first 429 came back may have met one.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const [limited = 0] = await faultsApplied(batchConsole.app.emulator);
    const touched = (await batchConsole.calls.rows(id)).filter((row) => row.error?.code === 'rate_limited').length;
    await clearFaults(batchConsole.app.emulator);
    expect(limited).toBeGreaterThan(0);
    expect(limited).toBeLessThanOrEqual(CONCURRENCY);
    expect(touched).toBeLessThanOrEqual(CONCURRENCY);

    const batch = await waitForBatch(() => batchConsole.calls.get(id), settled, 60_000);
    expect(batch.progress).toMatchObject({ done: ROWS, failed: 0, remaining: 0 });
    const results = await batchConsole.calls.rows(id);
    const paid = await paymentsByDestination(batchConsole.app.emulator);
    for (const user of users) expect(paid.get(user.wallet_address)).toEqual([results.find((row) => row.uid === user.uid)?.txid]);
    expect((await control<{ total: number }>(batchConsole.app.emulator, 'GET', '/payments?limit=1')).total).toBe(ROWS);
  }, 90_000);
});
