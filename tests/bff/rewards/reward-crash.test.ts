import { describe, expect, it } from 'vitest';
import { useKillableConsole } from '../../support/killable-console.ts';
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
/**
 * How long each held call stays in flight: long enough to bring the other rewards to their points and
 * kill the console first. The one held first is held longest.
 */
const HELD_MS = { complete: 9_000, submit: 7_000, create: 4_000 };

/**
 * The console killed (kill -9) with rewards at every recovery point, three of them with their next
 * upstream call in flight, which the platform or the ledger then applies with nobody listening.
 * After a restart every reward must end completed, and the emulator's ledger must show each user paid
 * exactly once.
 */
describe.each(storeKinds)('rewards survive a kill at each recovery point on %s', (kind) => {
  const c = useKillableConsole(kind, ADMIN, 4_000);

  async function rewardOf(user: ControlUser): Promise<RewardView | undefined> {
    const { rewards } = await c.admin.json<{ rewards: RewardView[] }>('GET', `/api/rewards?uid=${user.uid}`);
    return rewards[0];
  }

  async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read().catch(() => undefined);
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; console output:\n${c.output()}\nrewards: ${JSON.stringify(await c.admin.json('GET', '/api/rewards').catch((e: unknown) => String(e)))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function paymentsOf(user: ControlUser) {
    const { payments } = await control<{ payments: Array<{ user_uid: string; identifier: string; status: { developer_completed: boolean } }> }>(c.emulator, 'GET', '/payments?limit=10000');
    return payments.filter((payment) => payment.user_uid === user.uid);
  }

  /** What the upstream did with the call in flight while nobody was listening any more. */
  async function appliedMeanwhile(user: ControlUser) {
    const payments = await paymentsOf(user);
    const paid = (await ledgerTransactions(c.emulator)).some((tx) => tx.destination === user.wallet_address && tx.successful);
    return { created: payments.length, paid, completed: payments.some((payment) => payment.status.developer_completed) };
  }

  /** Asks for a reward for `user` without waiting for the answer, and waits until it sits at `state` (with `fault` in flight). */
  async function bringTo(user: ControlUser, state: string, fault: Fault | null): Promise<void> {
    await setFaults(c.emulator, fault ? [fault] : []);
    void c.admin.request('POST', '/api/rewards', { uid: user.uid, amount: '2.5', memo: `crash at ${state}`, metadata: {} }, { 'idempotency-key': `crash-${state}-${user.uid}` }).catch(() => null);
    await until(`the reward at ${state}`, async () => ((await rewardOf(user))?.state === state ? true : undefined));
    if (fault) await until(`its call in flight (${fault.route})`, async () => ((await control<{ faults: Array<{ applied: number }> }>(c.emulator, 'GET', '/faults')).faults[0]?.applied ? true : undefined));
  }

  async function expectPaidOnce(user: ControlUser, openingBalance: string): Promise<void> {
    const reward = await until('the reward completed', async () => {
      const found = await rewardOf(user);
      return found?.state === 'completed' ? found : undefined;
    }, 40_000);
    const toUser = (await ledgerTransactions(c.emulator)).filter((tx) => tx.destination === user.wallet_address && tx.successful);
    expect(toUser).toHaveLength(1);
    expect(toUser[0]?.hash).toBe(reward.txid);
    expect(stroops(await nativeBalance(c.emulator, user.wallet_address)) - stroops(openingBalance)).toBe(25_000_000n);
    const ofUser = await paymentsOf(user);
    expect(ofUser.map((payment) => [payment.identifier, payment.status.developer_completed])).toEqual([[reward.paymentId, true]]);
  }

  const hold = (route: string, latencyMs: number): Fault => ({ route, kind: 'latency', latencyMs, times: 1 });

  it(`says at start ${kind === 'pglite' ? 'that an embedded store does not survive a power loss' : 'nothing about power losses on PostgreSQL'}`, () => {
    expect(c.output().includes('a power loss or a crash of the machine')).toBe(kind === 'pglite');
  });

  it('after a kill with rewards at every recovery point, pays each exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(c.emulator)));
    const [submitted, sending, signedNext, created, requested] = users;
    if (!submitted || !sending || !signedNext || !created || !requested) throw new Error('users not created');
    const opening = await Promise.all(users.map((user) => nativeBalance(c.emulator, user.wallet_address)));

    await bringTo(submitted, 'submitted', hold('POST /v2/payments/*/complete', HELD_MS.complete));
    // Its submission in flight holds the console's sequence lane: the next reward is signed (numbered
    // one past it) and waits to be sent, and the one after waits, created, to be signed.
    await bringTo(sending, 'signed', hold('POST /horizon/transactions', HELD_MS.submit));
    await bringTo(signedNext, 'signed', null);
    await bringTo(created, 'created', null);
    await bringTo(requested, 'requested', hold('POST /v2/payments', HELD_MS.create));
    await c.kill();

    await new Promise((resolve) => setTimeout(resolve, Math.max(...Object.values(HELD_MS))));
    await clearFaults(c.emulator);
    expect(await appliedMeanwhile(submitted)).toEqual({ created: 1, paid: true, completed: true });
    expect(await appliedMeanwhile(sending)).toEqual({ created: 1, paid: true, completed: false });
    for (const user of [signedNext, created, requested]) expect(await appliedMeanwhile(user)).toEqual({ created: 1, paid: false, completed: false });

    await c.restart();
    for (const [i, user] of users.entries()) await expectPaidOnce(user, opening[i] ?? '0');
  }, 120_000);
});
