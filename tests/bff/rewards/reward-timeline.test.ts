import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RewardEventView, RewardView } from '../../../bff/src/rewards/reward-view.ts';
import { createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A reward's timeline says each thing once: a step met again and again is one entry with its count and last time. */
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

  it('shows the creates refused while another payment blocks the user once, counted, then the reward’s way to completed', async () => {
    const user = await createUser(t.emulator);
    const blocking = await t.platform.createPayment({ uid: user.uid, amount: '0.3', memo: 'left open by the backend', metadata: {} });
    const answer = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount: '1', memo: 'timeline' }, headers: { 'idempotency-key': `timeline-${kind}` } });
    const { reward } = (await answer.json()) as { reward: RewardView };

    // The worker asks again every 2 s while the other payment is open.
    await expect.poll(async () => (await detail(reward.id)).events.at(-1)?.repeats ?? 0, { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(3);
    const blocked = await detail(reward.id);
    expect(blocked.reward.blockedBy).toBe(blocking.identifier);
    expect(blocked.events.map(({ step, repeats }) => ({ step, once: repeats === 1 }))).toEqual([
      { step: 'requested', once: true },
      { step: 'create_sent', once: true },
      { step: 'blocked', once: true },
      { step: 'create_sent', once: false },
    ]);
    const again = blocked.events.at(-1)!;
    expect(Date.parse(again.lastAt ?? '')).toBeGreaterThan(Date.parse(again.at));

    await t.platform.cancelPayment(blocking.identifier);
    await expect.poll(async () => (await detail(reward.id)).reward.state, { timeout: 60_000, interval: 500 }).toBe('completed');
    const { events } = await detail(reward.id);
    expect(events.slice(0, 4).map((event) => event.step)).toEqual(['requested', 'create_sent', 'blocked', 'create_sent']);
    expect(events.at(-1)?.step).toBe('completed');
    for (const [i, event] of events.entries()) {
      const next = events[i + 1];
      if (next) expect({ step: next.step, detail: next.detail }, `entry ${i + 1} repeats entry ${i}`).not.toEqual({ step: event.step, detail: event.detail });
    }
  }, 150_000);
});
