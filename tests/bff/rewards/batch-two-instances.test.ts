import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/src/emulator.ts';
import { startBff, startWalletConsole, type BffProcess, type StaffClient } from '../../support/bff-process.ts';
import { createUser, ledgerTransactions } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';

const ADMIN = { email: 'admin@two-instances.test', password: 'two-instances-password' };
const ROWS = 60;

/** Two console processes on one PostgreSQL share a batch's rows through leases: no row is paid twice. */
describe.skipIf(!storeKinds.includes('postgres'))('a batch worked by two instances on PostgreSQL', () => {
  let emulator: RunningEmulator;
  let first: BffProcess;
  let second: BffProcess | null = null;
  let admin: StaffClient;
  let dropStore: () => Promise<void> = async () => {};

  beforeAll(async () => {
    emulator = await startEmulator();
    const started = await startWalletConsole('postgres', emulator, ADMIN, 4_000);
    ({ bff: first, client: admin, drop: dropStore } = started);
    second = await startBff(started.env);
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
    await first.stop();
    await emulator.close();
    await dropStore();
  }, 30_000);

  it('pays each user exactly once', async () => {
    const users = await Promise.all(Array.from({ length: ROWS }, () => createUser(emulator)));
    const upload = await admin.upload('/api/rewards/batches', `uid,amount,memo\n${users.map((user) => `${user.uid},0.25,two instances`).join('\n')}\n`, 'text/csv');
    const { batch } = (await upload.json()) as { batch: { id: string } };
    await admin.json('POST', `/api/rewards/batches/${batch.id}/start`);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { batch: now } = await admin.json<{ batch: { state: string; progress: { done: number; remaining: number } } }>('GET', `/api/rewards/batches/${batch.id}`);
      if (now.state === 'finished') {
        expect(now.progress.done).toBe(ROWS);
        break;
      }
      if (Date.now() > deadline) throw new Error(`batch did not finish: ${JSON.stringify(now)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const ledger = (await ledgerTransactions(emulator)).filter((tx) => tx.successful);
    for (const user of users) expect(ledger.filter((tx) => tx.destination === user.wallet_address)).toHaveLength(1);
  }, 180_000);
});
