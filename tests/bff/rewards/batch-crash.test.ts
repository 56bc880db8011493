import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/src/emulator.ts';
import { startBff, startWalletConsole, StaffClient, type BffProcess } from '../../support/bff-process.ts';
import { clearFaults, createUser, ledgerTransactions, setFaults, type ControlUser, type Fault } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';

interface BatchView {
  id: string;
  state: string;
  progress: { done: number; failed: number; cancelled: number; remaining: number; total: number };
}
interface ResultRow {
  uid: string;
  state: string;
  txid: string | null;
  error: { code: string; message: string } | null;
}

const ADMIN = { email: 'admin@batch-crash.test', password: 'batch-crash-password' };
const ROWS = 40;
const UNKNOWN_USERS = 5;
/** About 20 % of the calls that move a row meet one of these (4 % each, on every route). */
const FAULT_KINDS: Array<Omit<Fault, 'route'>> = [
  { kind: 'latency', latencyMs: 1_500, rate: 0.04 },
  { kind: 'rate_limit', retryAfterSeconds: 1, rate: 0.04 },
  { kind: 'html_500', rate: 0.04 },
  { kind: 'drop', rate: 0.04 },
  { kind: 'apply_then_fail', rate: 0.04 },
];
const ROUTES = ['POST /v2/payments', 'GET /v2/payments/*', 'POST /v2/payments/*/complete', 'POST /horizon/transactions'];

/**
 * A 200-row batch under injected upstream faults, its console killed (kill -9) in the middle and
 * started again: every row must end completed or failed with a reason, and the emulator's ledger
 * must show each user paid exactly once.
 */
describe.each(storeKinds)('a batch survives faults and a kill -9 on %s', (kind) => {
  let emulator: RunningEmulator;
  let env: NodeJS.ProcessEnv;
  let bff: BffProcess | null = null;
  let admin: StaffClient;
  let dropStore: () => Promise<void> = async () => {};

  beforeAll(async () => {
    emulator = await startEmulator();
    ({ env, bff, client: admin, drop: dropStore } = await startWalletConsole(kind, emulator, ADMIN, 1_000));
  }, 90_000);
  afterAll(async () => {
    await bff?.stop();
    await emulator.close();
    await dropStore();
  }, 30_000);

  async function until(what: string, done: (batch: BatchView) => boolean, id: string, timeoutMs: number): Promise<BatchView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const batch = await admin.json<{ batch: BatchView }>('GET', `/api/rewards/batches/${id}`).then((answer) => answer.batch, () => null);
      if (batch && done(batch)) return batch;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(batch)}\n${bff?.output().slice(-3_000) ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('pays every user exactly once, and ends every row completed or failed with a reason', async () => {
    const users: ControlUser[] = [];
    for (let i = 0; i < ROWS - UNKNOWN_USERS; i += 50) users.push(...(await Promise.all(Array.from({ length: Math.min(50, ROWS - UNKNOWN_USERS - i) }, () => createUser(emulator)))));
    const uids = [...users.map((user) => user.uid), ...Array.from({ length: UNKNOWN_USERS }, (_, i) => `unknown-user-${i}`)];
    const upload = await admin.upload('/api/rewards/batches', `uid,amount,memo\n${uids.map((uid) => `${uid},0.5,batch crash`).join('\n')}\n`, 'text/csv');
    expect(upload.status).toBe(201);
    const { batch } = (await upload.json()) as { batch: BatchView };
    await setFaults(emulator, ROUTES.flatMap((route) => FAULT_KINDS.map((fault) => ({ ...fault, route }) as Fault)));
    await admin.json('POST', `/api/rewards/batches/${batch.id}/start`);

    await until('a third of the rows settled', (b) => b.progress.done + b.progress.failed >= ROWS / 3, batch.id, 150_000);
    await bff?.kill();
    bff = await startBff(env);
    admin = admin.at(bff.url);

    await until('all rows settled', (b) => b.progress.remaining === 0 && b.state === 'finished', batch.id, 300_000);
    await clearFaults(emulator);

    const { rows } = await admin.json<{ rows: ResultRow[] }>('GET', `/api/rewards/batches/${batch.id}/rows?limit=1000`);
    expect(rows).toHaveLength(ROWS);
    for (const row of rows) {
      expect(['completed', 'failed']).toContain(row.state);
      if (row.state === 'failed') expect(row.error?.message).toBeTruthy();
    }
    const paid = new Map<string, string[]>();
    for (const tx of (await ledgerTransactions(emulator)).filter((transaction) => transaction.successful)) paid.set(tx.destination, [...(paid.get(tx.destination) ?? []), tx.hash]);
    const byUid = new Map(rows.map((row) => [row.uid, row]));
    for (const user of users) {
      const row = byUid.get(user.uid);
      expect(paid.get(user.wallet_address) ?? [], `paid to ${user.uid}`).toEqual(row?.state === 'completed' ? [row.txid] : []);
    }
    expect(rows.filter((row) => row.uid.startsWith('unknown-user-')).every((row) => row.error?.code === 'user_not_found')).toBe(true);
  }, 500_000);
});
