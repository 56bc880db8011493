import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../bff/src/store/result-rows.ts';
import { payAppWallet } from '../../support/chain-transactions.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createUser } from './out-of-band.ts';

/** The background run: started and stopped as the server does, it reads the wallet without being asked. */
describe('reconciliation on its timer', () => {
  let t: TestApp;
  const read = async () => rowsOf<{ n: number }>(await t.store.db.execute(sql`SELECT count(*)::int AS n FROM wallet_transactions`))[0]?.n;

  beforeAll(async () => {
    t = await createTestApp('pglite', { rewardChain: true, reconcileEveryMs: 100 });
  });
  afterAll(() => t.close());

  it('reads new transactions on its own while started, and nothing after it is stopped', async () => {
    await t.services.reconciliation.start();
    const user = await createUser(t.emulator);
    await payAppWallet(t.emulator, user, { amount: '1', memo: 'top-up' });
    await expect.poll(read, { timeout: 10_000 }).toBe(1);

    await t.services.reconciliation.stop();
    await payAppWallet(t.emulator, user, { amount: '1', memo: 'after stop' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await read()).toBe(1);
  });
});
