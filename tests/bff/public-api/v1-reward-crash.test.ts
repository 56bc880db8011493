import { describe, expect, it } from 'vitest';
import { clearFaults, control, createUser, faultsApplied, setFaults, type ControlUser, type Fault } from '../../support/emulator-control.ts';
import { ledgerDiscrepancies, ledgerSnapshot } from '../../support/ledger-audit.ts';
import { useKillableConsole } from '../../support/killable-console.ts';
import { storeKinds } from '../../support/test-store.ts';
import { UNFINISHED_STATES } from '../../../bff/src/rewards/reward-row.ts';

interface RewardView {
  id: string;
  state: string;
  paymentId: string | null;
  txid: string | null;
}

const ADMIN = { email: 'admin@api-crash.test', password: 'api-crash-test-password' };
const AMOUNT = '3.25';
/** Long enough to kill the console while the call is held in flight; the one held first is held longest. */
const HELD_MS = { submit: 7_000, create: 4_000 };
const UNFINISHED: readonly string[] = UNFINISHED_STATES;

/**
 * The app's backend pays through /v1 with its key; the console is killed (kill -9) while the rewards'
 * calls upstream are in flight, so the backend's requests get no answer. The backend asks again with the
 * same Idempotency-Key, as a client does after a lost answer: each user is paid exactly once, counted on
 * the emulator's ledger.
 */
describe.each(storeKinds)('an API reward in flight when the console is killed, asked for again, on %s', (kind) => {
  const c = useKillableConsole(kind, ADMIN, 4_000);

  const backend = (secret: string) => ({
    pay: (user: ControlUser, idempotencyKey: string) =>
      fetch(`${c.url}/v1/rewards`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ uid: user.uid, amount: AMOUNT, memo: `api crash ${idempotencyKey}` }),
      }),
    get: async (id: string) => ((await (await fetch(`${c.url}/v1/rewards/${id}`, { headers: { authorization: `Bearer ${secret}` } })).json()) as { reward: RewardView }).reward,
  });

  async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read().catch(() => undefined);
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; console output:\n${c.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('pays once when the backend asks again with the same Idempotency-Key after the restart', async () => {
    const { secret } = await c.admin.json<{ secret: string }>('POST', '/api/api-keys', { name: 'game backend', scopes: ['rewards:write', 'rewards:read'] });
    const app = backend(secret);
    const [creating, submitting] = [await createUser(c.emulator), await createUser(c.emulator)];
    const before = await ledgerSnapshot(c.emulator, [creating, submitting]);
    const hold = (route: string, latencyMs: number): Fault => ({ route, kind: 'latency', latencyMs, times: 1 });

    // The submission held in flight first, then the platform's create call of the second reward.
    await setFaults(c.emulator, [hold('POST /horizon/transactions', HELD_MS.submit)]);
    const lostSubmit = app.pay(submitting, 'prize-submitting').catch(() => null);
    await until('the submission in flight', async () => ((await faultsApplied(c.emulator))[0] ? true : undefined));
    await setFaults(c.emulator, [hold('POST /v2/payments', HELD_MS.create)]);
    const lostCreate = app.pay(creating, 'prize-creating').catch(() => null);
    await until('the create call in flight', async () => ((await faultsApplied(c.emulator))[0] ? true : undefined));
    await c.kill();
    expect(await lostSubmit).toBeNull();
    expect(await lostCreate).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, HELD_MS.submit));
    await clearFaults(c.emulator);

    await c.restart();
    const rewards: RewardView[] = [];
    for (const [user, key] of [[submitting, 'prize-submitting'], [creating, 'prize-creating']] as const) {
      // The restarted console's worker may hold the reward while it drives it on: 409 request_in_flight
      // says to ask again in a moment, as the backend does (docs/public-api.md).
      const again = await until(`an answer for ${key} that is not request_in_flight`, async () => {
        const answer = await app.pay(user, key);
        return answer.status === 409 ? undefined : answer;
      });
      expect([200, 201]).toContain(again.status);
      const { reward } = (await again.json()) as { reward: RewardView };
      rewards.push(await until(`the reward of ${user.uid} settled`, async () => {
        const found = await app.get(reward.id);
        return UNFINISHED.includes(found.state) ? undefined : found;
      }));
      // Asked a third time: the same reward, nothing new.
      const third = await app.pay(user, key);
      expect(((await third.json()) as { reward: RewardView }).reward.id).toBe(reward.id);
    }
    expect(rewards.map((reward) => reward.state)).toEqual(['completed', 'completed']);
    const expected = [submitting, creating].map((user, i) => ({ label: `user ${user.uid}`, wallet_address: user.wallet_address, txid: rewards[i]?.txid ?? null, amount: AMOUNT }));
    expect(await ledgerDiscrepancies(c.emulator, before, expected)).toEqual([]);
    const { payments } = await control<{ payments: Array<{ user_uid: string }> }>(c.emulator, 'GET', '/payments?limit=10000');
    expect(payments.filter((payment) => payment.user_uid === creating.uid || payment.user_uid === submitting.uid)).toHaveLength(2);
  }, 150_000);
});
