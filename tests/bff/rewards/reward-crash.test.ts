import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/src/emulator.ts';
import { startBff, startWalletConsole, StaffClient, type BffProcess } from '../../support/bff-process.ts';
import { clearFaults, control, createUser, ledgerTransactions, nativeBalance, setFaults, stroops, type ControlUser, type Fault } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';

interface RewardView {
  id: string;
  state: string;
  uid: string;
  paymentId: string | null;
  txid: string | null;
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
    ({ env, bff, client: admin, drop: dropStore } = await startWalletConsole(kind, emulator, ADMIN, 4_000));
  }, 90_000);
  afterAll(async () => {
    await bff?.stop();
    await emulator.close();
    await dropStore();
  }, 30_000);

  async function rewardOf(user: ControlUser): Promise<RewardView | undefined> {
    const { rewards } = await admin.json<{ rewards: RewardView[] }>('GET', `/api/rewards?uid=${user.uid}`);
    return rewards[0];
  }

  async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read().catch(() => undefined);
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; console output:\n${bff?.output() ?? ''}\nrewards: ${JSON.stringify(await admin.json('GET', '/api/rewards').catch((e: unknown) => String(e)))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function paymentsOf(user: ControlUser) {
    const { payments } = await control<{ payments: Array<{ user_uid: string; identifier: string; status: { developer_completed: boolean } }> }>(emulator, 'GET', '/payments?limit=10000');
    return payments.filter((payment) => payment.user_uid === user.uid);
  }

  /** What the upstream did with the call in flight while nobody was listening any more. */
  async function appliedMeanwhile(user: ControlUser) {
    const payments = await paymentsOf(user);
    const paid = (await ledgerTransactions(emulator)).some((tx) => tx.destination === user.wallet_address && tx.successful);
    return { created: payments.length, paid, completed: payments.some((payment) => payment.status.developer_completed) };
  }

  /** Pays `user`, kills the console once the reward sits at `state` with `fault`'s call in flight, and restarts it. */
  async function killAt(user: ControlUser, state: string, fault: Fault, applied: Awaited<ReturnType<typeof appliedMeanwhile>>): Promise<void> {
    if (!bff) throw new Error('no console running');
    await setFaults(emulator, [fault]);
    const pending = admin.request('POST', '/api/rewards', { uid: user.uid, amount: '2.5', memo: `crash at ${state}`, metadata: {} }, { 'idempotency-key': `crash-${state}-${user.uid}` }).catch(() => null);
    await until(`the reward at ${state}`, async () => ((await rewardOf(user))?.state === state ? true : undefined));
    // Killed once the emulator holds the call, which it applies IN_FLIGHT_MS later with nobody listening.
    await until('the call in flight', async () => ((await control<{ faults: Array<{ applied: number }> }>(emulator, 'GET', '/faults')).faults[0]?.applied ? true : undefined));
    await bff.kill();
    await pending;
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_MS));
    await clearFaults(emulator);
    expect(await appliedMeanwhile(user)).toEqual(applied);
    bff = await startBff(env);
    admin = admin.at(bff.url);
  }

  async function expectPaidOnce(user: ControlUser, openingBalance: string): Promise<void> {
    const reward = await until('the reward completed', async () => {
      const found = await rewardOf(user);
      return found?.state === 'completed' ? found : undefined;
    }, 40_000);
    const toUser = (await ledgerTransactions(emulator)).filter((tx) => tx.destination === user.wallet_address && tx.successful);
    expect(toUser).toHaveLength(1);
    expect(toUser[0]?.hash).toBe(reward.txid);
    expect(stroops(await nativeBalance(emulator, user.wallet_address)) - stroops(openingBalance)).toBe(25_000_000n);
    const ofUser = await paymentsOf(user);
    expect(ofUser.map((payment) => [payment.identifier, payment.status.developer_completed])).toEqual([[reward.paymentId, true]]);
  }

  const delay = (route: string): Fault => ({ route, kind: 'latency', latencyMs: IN_FLIGHT_MS, times: 1 });
  const points: Array<[string, string, Fault, Awaited<ReturnType<typeof appliedMeanwhile>>]> = [
    // First, while the console has paid nothing yet: it reads its wallet's sequence before its first
    // transaction, the only upstream call between `created` and `signed`.
    ['the payment created', 'created', delay('GET /horizon/accounts/*'), { created: 1, paid: false, completed: false }],
    ['the create sent', 'requested', delay('POST /v2/payments'), { created: 1, paid: false, completed: false }],
    ['the envelope signed and sent', 'signed', delay('POST /horizon/transactions'), { created: 1, paid: true, completed: false }],
    ['the transaction submitted, the complete sent', 'submitted', delay('POST /v2/payments/*/complete'), { created: 1, paid: true, completed: true }],
  ];

  it.each(points)('after a kill with %s, pays exactly once', async (_name, state, fault, applied) => {
    const user = await createUser(emulator);
    const opening = await nativeBalance(emulator, user.wallet_address);
    await killAt(user, state, fault, applied);
    await expectPaidOnce(user, opening);
  }, 90_000);
});
