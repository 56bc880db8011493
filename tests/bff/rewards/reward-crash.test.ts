import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/src/emulator.ts';
import { startBff, StaffClient, type BffProcess } from '../../support/bff-process.ts';
import { clearFaults, control, createUser, ledgerTransactions, nativeBalance, setFaults, type ControlUser, type Fault } from '../../support/emulator-control.ts';
import { createTestSchema, newConsoleDataDir, storeKinds, type StoreKind } from '../../support/test-store.ts';

interface RewardView {
  id: string;
  state: string;
  uid: string;
  paymentId: string | null;
  txid: string | null;
}

/** "102.5000000" as 1025000000n: balances compared exactly, never as floats. */
export function stroops(balance: string): bigint {
  const [whole = '0', fraction = ''] = balance.split('.');
  return BigInt(whole) * 10_000_000n + BigInt(fraction.padEnd(7, '0'));
}

const ADMIN = { email: 'admin@crash.test', password: 'crash-test-password' };
/** Long enough to see the recovery point and kill the console while the call is in flight. */
const IN_FLIGHT_MS = 1_500;

/**
 * The console killed (kill -9) at each recovery point while the next upstream call is in flight, which
 * the platform or the ledger then applies with nobody listening. After a restart every reward must
 * end completed, and the emulator's ledger must show each user paid exactly once.
 */
describe.each(storeKinds)('rewards survive a kill at each recovery point on %s', (kind) => {
  let emulator: RunningEmulator;
  let env: NodeJS.ProcessEnv;
  let bff: BffProcess | null = null;
  let admin: StaffClient;
  let dropStore: () => Promise<void> = async () => {};

  beforeAll(async () => {
    emulator = await startEmulator();
    env = { ...(await storeEnv(kind)), PLAT_API_KEY: emulator.key, PLAT_API_URL: emulator.url, PLAT_HORIZON_URL: emulator.horizonUrl, PLAT_WALLET_SEED: emulator.appWallet.seed, PLAT_API_TIMEOUT_MS: '4000', PLAT_ADMIN_EMAIL: ADMIN.email, PLAT_ADMIN_PASSWORD: ADMIN.password };
    bff = await startBff(env);
    admin = await StaffClient.signIn(bff.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await bff?.stop();
    await emulator.close();
    await dropStore();
  });

  async function storeEnv(storeKind: StoreKind): Promise<NodeJS.ProcessEnv> {
    if (storeKind === 'pglite') return { PLAT_DATA_DIR: await newConsoleDataDir() };
    const schema = await createTestSchema();
    dropStore = schema.drop;
    return { DATABASE_URL: schema.url };
  }

  async function rewardOf(user: ControlUser): Promise<RewardView | undefined> {
    const { rewards } = await admin.json<{ rewards: RewardView[] }>('GET', `/api/rewards?uid=${user.uid}`);
    return rewards[0];
  }

  async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read().catch(() => undefined);
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Pays `user`, kills the console once the reward sits at `state` with `fault`'s call in flight, and restarts it. */
  async function killAt(user: ControlUser, state: string, fault: Fault): Promise<void> {
    if (!bff) throw new Error('no console running');
    await setFaults(emulator, [fault]);
    const pending = admin.request('POST', '/api/rewards', { uid: user.uid, amount: '2.5', memo: `crash at ${state}`, metadata: {} }, { 'idempotency-key': `crash-${state}-${user.uid}` }).catch(() => null);
    await until(`the reward at ${state}`, async () => ((await rewardOf(user))?.state === state ? true : undefined));
    // The call is now on its way to the emulator, which will apply it after IN_FLIGHT_MS.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await bff.kill();
    await pending;
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_MS));
    await clearFaults(emulator);
    bff = await startBff(env);
    admin = admin.at(bff.url);
  }

  async function expectPaidOnce(user: ControlUser, openingBalance: string): Promise<void> {
    const reward = await until('the reward completed', async () => {
      const found = await rewardOf(user);
      return found?.state === 'completed' ? found : undefined;
    });
    const toUser = (await ledgerTransactions(emulator)).filter((tx) => tx.destination === user.wallet_address && tx.successful);
    expect(toUser).toHaveLength(1);
    expect(toUser[0]?.hash).toBe(reward.txid);
    expect(stroops(await nativeBalance(emulator, user.wallet_address)) - stroops(openingBalance)).toBe(25_000_000n);
    const { payments } = await control<{ payments: Array<{ user_uid: string; identifier: string; status: { developer_completed: boolean } }> }>(emulator, 'GET', '/payments?limit=10000');
    const ofUser = payments.filter((payment) => payment.user_uid === user.uid);
    expect(ofUser.map((payment) => [payment.identifier, payment.status.developer_completed])).toEqual([[reward.paymentId, true]]);
  }

  const points: Array<[string, string, Fault]> = [
    ['the create sent', 'requested', { route: 'POST /v2/payments', kind: 'latency', latencyMs: IN_FLIGHT_MS, times: 1 }],
    ['the payment created', 'created', { route: 'GET /v2/payments/*', kind: 'latency', latencyMs: IN_FLIGHT_MS, times: 1 }],
    ['the envelope signed and sent', 'signed', { route: 'POST /horizon/transactions', kind: 'latency', latencyMs: IN_FLIGHT_MS, times: 1 }],
    ['the transaction submitted, the complete sent', 'submitted', { route: 'POST /v2/payments/*/complete', kind: 'latency', latencyMs: IN_FLIGHT_MS, times: 1 }],
  ];

  it.each(points)('after a kill with %s, pays exactly once', async (_name, state, fault) => {
    const user = await createUser(emulator);
    const opening = await nativeBalance(emulator, user.wallet_address);
    await killAt(user, state, fault);
    await expectPaidOnce(user, opening);
  });
});
