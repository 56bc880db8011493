import { describe, expect, it, vi } from 'vitest';
import { clearFaults, control, createUsers, faultHitTimes, paymentsByDestination, setFaults } from '../../support/emulator-control.ts';
import { batchCsv, settled, waitForBatch } from '../../support/reward-batches.ts';
import { useBatchConsole } from '../support/batches.ts';

const CONCURRENCY = 8;
const ROWS = 32;
const RETRY_AFTER_SECONDS = 3;

/**
 * The platform answers every create with 429 for a while: once the first 429 is back, no part of the
 * console asks to create a payment until its Retry-After has passed; once the platform lets it, every
 * row or reward is paid, once. What is counted is the creates that reached the emulator inside the
 * wait, by the emulator's own clock: only those already sent when the first 429 came back may be there,
 * however slow the machine.
 */
describe('creates meeting 429s', () => {
  const batchConsole = useBatchConsole();

  /** Creates that reached the emulator inside the first wait, once the console has gone on after it. */
  async function createsInsideTheFirstWait(): Promise<{ inside: number[]; firstAt: number }> {
    const emulator = batchConsole.app.emulator;
    const hits = await vi.waitFor(
      async () => {
        const [times = []] = await faultHitTimes(emulator);
        const first = times[0];
        if (first === undefined || !times.some((at) => at >= first + RETRY_AFTER_SECONDS * 1000)) throw new Error(`no create after the first wait yet; creates met a 429 at ${JSON.stringify(times)}`);
        return times;
      },
      { timeout: 60_000, interval: 50 },
    );
    await clearFaults(emulator);
    const firstAt = hits[0] ?? 0;
    return { inside: hits.filter((at) => at < firstAt + RETRY_AFTER_SECONDS * 1000), firstAt };
  }

  it('a batch stops starting rows while rate-limited, then pays every row exactly once', async () => {
    const users = await createUsers(batchConsole.app.emulator, ROWS);
    const id = await batchConsole.calls.upload(batchCsv(users.map((user) => user.uid)));
    await setFaults(batchConsole.app.emulator, [{ route: 'POST /v2/payments', kind: 'rate_limit', retryAfterSeconds: RETRY_AFTER_SECONDS }]);
    await batchConsole.calls.start(id);

    const { inside, firstAt } = await createsInsideTheFirstWait();
    expect(inside.length, `creates inside the wait after ${new Date(firstAt).toISOString()}: ${inside.map((at) => at - firstAt).join(', ')} ms in`).toBeLessThanOrEqual(CONCURRENCY);

    const batch = await waitForBatch(() => batchConsole.calls.get(id), settled, 60_000);
    expect(batch.progress).toMatchObject({ done: ROWS, failed: 0, remaining: 0 });
    const results = await batchConsole.calls.rows(id);
    const paid = await paymentsByDestination(batchConsole.app.emulator);
    for (const user of users) expect(paid.get(user.wallet_address), `payments to ${user.uid}`).toEqual([results.find((row) => row.uid === user.uid)?.txid]);
    expect((await control<{ total: number }>(batchConsole.app.emulator, 'GET', '/payments?limit=1')).total).toBe(ROWS);
  }, 90_000);

  it('single rewards and the reward worker wait too: a reward asked for during the wait is created only after it', async () => {
    const t = batchConsole.app;
    const manager = await t.signInAs('manager');
    const users = await createUsers(t.emulator, 6);
    const paymentsBefore = (await control<{ total: number }>(t.emulator, 'GET', '/payments?limit=1')).total;
    await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'rate_limit', retryAfterSeconds: RETRY_AFTER_SECONDS }]);
    const pay = async (uid: string) => {
      const response = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid, amount: '0.5', memo: 'reward' }, headers: { 'idempotency-key': `rate-limit-${uid}` } });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { reward: { id: string } }).reward.id;
    };
    const [first, ...rest] = users;
    const ids = [await pay(first?.uid ?? '')];
    // The first create has met its 429: everything asked for now falls inside the wait.
    await vi.waitFor(async () => expect((await faultHitTimes(t.emulator))[0]?.length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
    for (const user of rest) ids.push(await pay(user.uid));

    const { inside, firstAt } = await createsInsideTheFirstWait();
    expect(inside.length, `creates inside the wait after ${new Date(firstAt).toISOString()}: ${inside.map((at) => at - firstAt).join(', ')} ms in`).toBe(1);

    const paid = await vi.waitFor(
      async () => {
        const map = await paymentsByDestination(t.emulator);
        const unpaid = users.filter((user) => (map.get(user.wallet_address) ?? []).length === 0).map((user) => user.uid);
        if (unpaid.length > 0) throw new Error(`not paid yet: ${unpaid.join(', ')}`);
        return map;
      },
      { timeout: 60_000, interval: 100 },
    );
    for (const user of users) expect(paid.get(user.wallet_address), `payments to ${user.uid}`).toHaveLength(1);
    expect((await control<{ total: number }>(t.emulator, 'GET', '/payments?limit=1')).total).toBe(paymentsBefore + users.length);
    expect(ids).toHaveLength(users.length);
  }, 90_000);
});
