import { describe, expect, it } from 'vitest';
import { useKillableConsole } from '../../support/killable-console.ts';
import { clearFaults, control, createUser, faultsApplied, ledgerTransactions, setFaults, type ControlUser, type Fault } from '../../support/emulator-control.ts';
import { ledgerDiscrepancies, ledgerSnapshot, type LedgerSnapshot } from '../../support/ledger-audit.ts';
import { closeLedger, ledgerQueue, PACES, setNetwork } from '../../support/paces.ts';
import { storeKinds } from '../../support/test-store.ts';

interface RewardView {
  id: string;
  state: string;
  uid: string;
  paymentId: string | null;
  txid: string | null;
  error: { code: string; message: string } | null;
}

const ADMIN = { email: 'admin@crash.test', password: 'crash-test-password' };
const AMOUNT = '2.5';
/**
 * How long each held call stays in flight: long enough to bring the other rewards to their points and
 * kill the console first. The one held first is held longest.
 */
const HELD_MS = { complete: 9_000, submit: 7_000, create: 4_000 };
/** Ledgers close only when a test closes them (POST /__control/ledger/close). */
const NO_LEDGER_CLOCK_MS = 600_000;
/** Counts the submissions that reach Horizon, changing nothing. */
const COUNT_SUBMISSIONS: Fault = { route: 'POST /horizon/transactions', kind: 'latency', latencyMs: 0 };

const cases = storeKinds.flatMap((kind) => PACES.map((pace) => ({ kind, ...pace })));

/**
 * The console killed (kill -9) with rewards at every recovery point, three of them with their next
 * upstream call in flight, which the platform or the ledger then applies with nobody listening; and, at
 * the network's pace, while a submission waits for its ledger. After a restart every reward must end
 * completed, and the emulator's ledger must show each user paid exactly once.
 */
describe.each(cases)('rewards survive a kill at each recovery point on $kind, $pace', ({ kind, network }) => {
  const c = useKillableConsole(kind, ADMIN, 4_000, network);

  async function rewardOf(user: ControlUser): Promise<RewardView | undefined> {
    const { rewards } = await c.admin.json<{ rewards: RewardView[] }>('GET', `/api/rewards?uid=${user.uid}`);
    return rewards[0];
  }

  /** The hashes of the envelopes the reward signed, oldest first. */
  async function signedHashes(id: string): Promise<string[]> {
    const { events } = await c.admin.json<{ events: Array<{ step: string; detail: { hash?: string } }> }>('GET', `/api/rewards/${id}`);
    return events.filter((event) => event.step === 'signed').map((event) => event.detail.hash ?? '');
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
  async function bringTo(user: ControlUser, state: string, fault: Fault | null): Promise<RewardView> {
    await setFaults(c.emulator, fault ? [fault] : []);
    void c.admin.request('POST', '/api/rewards', { uid: user.uid, amount: AMOUNT, memo: `crash at ${state}`, metadata: {} }, { 'idempotency-key': `crash-${state}-${user.uid}` }).catch(() => null);
    const reward = await until(`the reward of ${user.uid} at ${state}`, async () => {
      const found = await rewardOf(user);
      return found?.state === state ? found : undefined;
    });
    if (fault) await until(`its call in flight (${fault.route})`, async () => ((await faultsApplied(c.emulator))[0] ? true : undefined));
    return reward;
  }

  /** Every user's reward completed; since `before` the ledger shows each paid exactly once, and the platform one completed payment each. */
  async function expectPaidOnce(users: ControlUser[], before: LedgerSnapshot): Promise<void> {
    const rewards: RewardView[] = [];
    for (const user of users) {
      const reward = await until(`the reward of ${user.uid} settled`, async () => {
        const found = await rewardOf(user);
        return found && !['requested', 'created', 'signed', 'submitted'].includes(found.state) ? found : undefined;
      }, 60_000);
      expect(reward.state, `the reward of ${user.uid}: ${JSON.stringify(reward.error)}`).toBe('completed');
      rewards.push(reward);
    }
    const expected = users.map((user, i) => ({ label: `user ${user.uid}`, wallet_address: user.wallet_address, txid: rewards[i]?.txid ?? null, amount: AMOUNT }));
    expect(await ledgerDiscrepancies(c.emulator, before, expected)).toEqual([]);
    for (const [i, user] of users.entries()) {
      expect((await paymentsOf(user)).map((payment) => [payment.identifier, payment.status.developer_completed]), `the platform's payments of ${user.uid}`).toEqual([[rewards[i]?.paymentId, true]]);
    }
  }

  const hold = (route: string, latencyMs: number): Fault => ({ route, kind: 'latency', latencyMs, times: 1 });

  if (!network) {
    it(`says at start ${kind === 'pglite' ? 'that an embedded store does not survive a power loss' : 'nothing about power losses on PostgreSQL'}`, () => {
      expect(c.output().includes('a power loss or a crash of the machine')).toBe(kind === 'pglite');
    });
  }

  it('after a kill with rewards at every recovery point, pays each exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(c.emulator)));
    const [submitted, sending, signedNext, created, requested] = users;
    if (!submitted || !sending || !signedNext || !created || !requested) throw new Error('users not created');
    const before = await ledgerSnapshot(c.emulator, users);

    await bringTo(submitted, 'submitted', hold('POST /v2/payments/*/complete', HELD_MS.complete));
    // Its submission in flight holds the console's sequence lane: the next reward is signed (numbered
    // one past it) and waits to be sent, and the one after waits, created, to be signed.
    await bringTo(sending, 'signed', hold('POST /horizon/transactions', HELD_MS.submit));
    await bringTo(signedNext, 'signed', null);
    await bringTo(created, 'created', null);
    await bringTo(requested, 'requested', hold('POST /v2/payments', HELD_MS.create));
    await c.kill();

    // The held calls go on with nobody listening: the complete, the submission (into a ledger), the create.
    await until('the three calls in flight applied', async () => {
      const [completing, submitting, creating] = await Promise.all([submitted, sending, requested].map(appliedMeanwhile));
      return completing?.completed && submitting?.paid && creating?.created ? true : undefined;
    }, Math.max(...Object.values(HELD_MS)) + 20_000);
    await clearFaults(c.emulator);
    expect(await appliedMeanwhile(submitted)).toEqual({ created: 1, paid: true, completed: true });
    expect(await appliedMeanwhile(sending)).toEqual({ created: 1, paid: true, completed: false });
    for (const user of [signedNext, created, requested]) expect(await appliedMeanwhile(user), `what reached the platform for ${user.uid}`).toEqual({ created: 1, paid: false, completed: false });

    await c.restart();
    await expectPaidOnce(users, before);
  }, 150_000);

  // Only a ledger clock keeps a submission waiting for its ledger.
  if (network) {
    const restorePace = () => setNetwork(c.emulator, { ledgerCloseMs: network.ledgerCloseMs ?? 0 });
    const closings = [
      ['after the restart', 'restarted'],
      ['while the console is down', 'down'],
    ] as const;

    it.each(closings)('after a kill while a submission waits for its ledger, closed %s, sends the same envelope and pays once', async (_when, closed) => {
      const user = await createUser(c.emulator);
      const before = await ledgerSnapshot(c.emulator, [user]);
      // No ledger closes unless the test closes one: Horizon answers 504 after its wait, and the console sends again.
      await setNetwork(c.emulator, { ledgerCloseMs: NO_LEDGER_CLOCK_MS });
      try {
        const reward = await bringTo(user, 'signed', COUNT_SUBMISSIONS);
        const [hash = ''] = await signedHashes(reward.id);
        const sentAgain = async (what: string) =>
          until(`${what}: ${hash} sent again after Horizon's 504`, async () => ((await faultsApplied(c.emulator))[0] ?? 0) >= 2 || undefined, 60_000);
        await sentAgain('the console following its envelope');
        await until(`${hash} queued for a ledger, its submission waiting for the answer`, async () => {
          const { queued, waiting } = await ledgerQueue(c.emulator);
          return queued.includes(hash) && waiting > 0 ? true : undefined;
        });
        await c.kill();

        if (closed === 'down') {
          await closeLedger(c.emulator);
          expect(await appliedMeanwhile(user), `the ledger closed with the console down (${hash})`).toEqual({ created: 1, paid: true, completed: false });
          await restorePace();
          await c.restart();
        } else {
          await setFaults(c.emulator, [COUNT_SUBMISSIONS]);
          await c.restart();
          await sentAgain('the restarted console');
          expect(await appliedMeanwhile(user), `before the ledger closes (${hash})`).toEqual({ created: 1, paid: false, completed: false });
          expect((await ledgerQueue(c.emulator)).queued).toEqual([hash]);
          await closeLedger(c.emulator);
          await restorePace();
        }

        await expectPaidOnce([user], before);
        expect(await signedHashes(reward.id), 'the envelopes signed: the same one sent again, never a new one').toEqual([hash]);
        expect((await rewardOf(user))?.txid).toBe(hash);
      } finally {
        await clearFaults(c.emulator);
        await restorePace();
      }
    }, 150_000);
  }
});
