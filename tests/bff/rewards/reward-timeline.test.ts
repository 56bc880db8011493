import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RewardEventView, RewardView } from '../../../bff/src/rewards/reward-view.ts';
import { clearFaults, createUser, faultsApplied, setFaults } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A reward's timeline says each thing once; a reward blocked by another payment waits for it without asking again and again. */
describe.each(storeKinds)('a reward’s timeline on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  /** The reward as the detail page reads it, after the worker's turn (the test app runs no worker of its own) and a second on the console's clock. */
  const detail = async (id: string) => {
    t.clock.advance(1_000);
    await t.services.rewardWorker.tick();
    return (await (await t.request('GET', `/api/rewards/${id}`, { cookie: manager })).json()) as { reward: RewardView; events: RewardEventView[] };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    manager = await t.signInAs('manager');
  });
  afterAll(() => t.close());

  it('while another payment blocks the user, reads that payment instead of asking to create again, then shows the reward’s way to completed', async () => {
    const user = await createUser(t.emulator);
    const blocking = await t.platform.createPayment({ uid: user.uid, amount: '0.3', memo: 'left open by the backend', metadata: {} });
    const answer = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount: '1', memo: 'timeline' }, headers: { 'idempotency-key': `timeline-${kind}` } });
    const { reward } = (await answer.json()) as { reward: RewardView };
    expect((await detail(reward.id)).reward.blockedBy).toBe(blocking.identifier);

    // Counts, changing nothing: the reads of the blocking payment and the creates asked for.
    await setFaults(t.emulator, [
      { route: `GET /v2/payments/${blocking.identifier}`, kind: 'latency', latencyMs: 0 },
      { route: 'POST /v2/payments', kind: 'latency', latencyMs: 0 },
    ]);
    try {
      // The worker looks again every 2 s while the other payment is open.
      const blockerReads = async () => {
        await detail(reward.id);
        return (await faultsApplied(t.emulator))[0] ?? 0;
      };
      await expect.poll(blockerReads, { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(3);
      expect((await faultsApplied(t.emulator))[1], 'creates asked for while the other payment was open').toBe(0);
      // Waiting for another payment is no failure of this reward: its back-off for a later failed call does not grow.
      const [stored] = await t.store.sql.rows<{ attempts: number }>(`SELECT attempts FROM rewards WHERE id = '${reward.id}'`);
      expect(stored?.attempts, 'attempts counted while blocked').toBe(0);
    } finally {
      await clearFaults(t.emulator);
    }
    const blocked = await detail(reward.id);
    expect(blocked.events.map(({ step, repeats }) => ({ step, repeats }))).toEqual([
      { step: 'requested', repeats: 1 },
      { step: 'create_sent', repeats: 1 },
      { step: 'blocked', repeats: 1 },
    ]);

    await t.platform.cancelPayment(blocking.identifier);
    await expect.poll(async () => (await detail(reward.id)).reward.state, { timeout: 60_000, interval: 500 }).toBe('completed');
    const { events } = await detail(reward.id);
    expect(events.slice(0, 5).map((event) => event.step)).toEqual(['requested', 'create_sent', 'blocked', 'create_sent', 'created']);
    expect(events.at(-1)?.step).toBe('completed');
    const creates = await t.store.sql.rows<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events WHERE target = 'reward:${reward.id}' AND action = 'reward.create.requested'`);
    expect(creates[0]?.n, 'creates asked for: the first, and one once the other payment was cancelled').toBe(2);
  }, 150_000);
  it('shows a create asked for again and again after failed answers once, counted, with when it was last asked', async () => {
    const user = await createUser(t.emulator);
    await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'error', status: 503, times: 3 }]);
    try {
      const answer = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount: '1', memo: 'asked again' }, headers: { 'idempotency-key': `again-${kind}` } });
      const { reward } = (await answer.json()) as { reward: RewardView };
      await expect.poll(async () => (await detail(reward.id)).reward.state, { timeout: 60_000, interval: 500 }).toBe('completed');
      const { events } = await detail(reward.id);
      expect(events.slice(0, 5).map(({ step, detail: { code }, repeats }) => ({ step, code, repeats }))).toEqual([
        { step: 'requested', code: undefined, repeats: 1 },
        { step: 'create_sent', code: undefined, repeats: 1 },
        { step: 'waiting', code: 'unknown_error', repeats: 1 },
        { step: 'create_sent', code: undefined, repeats: 3 },
        { step: 'created', code: undefined, repeats: 1 },
      ]);
      const again = events[3];
      expect(Date.parse(again?.lastAt ?? '')).toBeGreaterThan(Date.parse(again?.at ?? ''));
    } finally {
      await clearFaults(t.emulator);
    }
  }, 150_000);
});
