import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../../bff/src/events/event-log.ts';
import { createUsers } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const CONCURRENCY = 8;

/**
 * A receiver that holds every call takes all the engine's slots until their deadline; rewards pay
 * meanwhile, without waiting for any of them (the pace against a run without endpoints is bench/'s).
 */
describe.each(storeKinds)('a hanging receiver and the rewards on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true, webhooks: { concurrency: CONCURRENCY, deadlineMs: 60_000 } });
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    // Closing the receiver ends the held calls, so that the engine stops at once.
    await receiver.close();
    await t.close();
  });

  it('pays rewards while every delivery slot waits on the receiver', async () => {
    const admin = await t.signInAs('admin');
    receiver.answer('/hang', 'hang');
    const made = await t.request('POST', '/api/webhook-endpoints', { cookie: admin, body: { url: receiver.url('/hang'), events: ['reward.created', 'reward.completed'] } });
    expect(made.status).toBe(201);
    for (let i = 0; i < 3 * CONCURRENCY; i++) await recordEvent(t.store.db, { type: 'reward.completed', subjectId: `held-${i}`, data: { id: `held-${i}` }, at: t.clock.now() });
    await t.services.webhookEngine.start();
    await receiver.until('every slot held', (calls) => calls.length === CONCURRENCY);

    const manager = await t.signInAs('manager');
    for (const [i, user] of (await createUsers(t.emulator, 3)).entries()) {
      const answer = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount: '1', memo: 'while webhooks hang' }, headers: { 'idempotency-key': `hang-${kind}-${i}` } });
      expect(((await answer.json()) as { reward: { state: string } }).reward.state).toBe('completed');
    }
    // Every attempt is still held: none of them had to end for the rewards to pay.
    expect(receiver.calls).toHaveLength(CONCURRENCY);
    expect(await t.store.sql.rows(`SELECT 1 FROM webhook_attempts`)).toEqual([]);
  }, 60_000);
});
