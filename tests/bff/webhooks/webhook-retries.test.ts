import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEventsAfter, recordEvent } from '../../../bff/src/events/event-log.ts';
import { Refusal } from '../../../bff/src/domain/refusal.ts';
import { storeKinds } from '../../support/test-store.ts';
import { signedWith, WebhookReceiver } from '../../support/webhook-receiver.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { deliverAll } from '../support/webhooks.ts';

interface DeliveryView {
  id: string;
  eventId: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttempt: { outcome: string; status: number | null; latencyMs: number; response: string } | null;
}
interface EndpointView {
  id: string;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  counts: { pending: number; failed: number };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DEADLINE_MS = 500;

/** The clock is the test's: the schedule is read from what the console plans, and the clock is moved to it. */
describe.each(storeKinds)('webhook retries on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp(kind, { webhooks: { deadlineMs: DEADLINE_MS } });
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    // A session each time: the clock moves on by days, past any session's end.
    const response = await t.request(method, `/api${path}`, { cookie: await t.signInAs('admin'), body });
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return (response.status === 204 ? null : await response.json()) as T;
  };
  const create = async (path: string) => call<{ endpoint: EndpointView; secret: string }>('POST', '/webhook-endpoints', { url: receiver.url(path), events: ['reward.completed'] });
  const endpoint = async (id: string) => (await call<{ endpoints: EndpointView[] }>('GET', '/webhook-endpoints')).endpoints.find((found) => found.id === id)!;
  const deliveries = async (endpointId: string, query = '') => (await call<{ deliveries: DeliveryView[] }>('GET', `/webhook-endpoints/${endpointId}/deliveries${query}`)).deliveries;
  const event = (subjectId: string) => recordEvent(t.store.db, { type: 'reward.completed', subjectId, data: { id: subjectId }, at: t.clock.now() });
  const run = () => deliverAll(t);

  it('tries a failing receiver again on the back-off schedule for 3 days, with one webhook-id, then gives up and switches the endpoint off', async () => {
    receiver.answer('/failing', 'error');
    const { endpoint: made, secret } = await create('/failing');
    const eventId = await event('failing');
    const start = t.clock.now().getTime();
    await run();
    let [delivery] = await deliveries(made.id);
    let attempts = 1;
    while (delivery!.status === 'pending') {
      expect(delivery!.attempts).toBe(attempts);
      const wait = Date.parse(delivery!.nextAttemptAt!) - t.clock.now().getTime();
      const ceiling = Math.min(MINUTE * 2 ** (attempts - 1), 6 * HOUR);
      expect(wait).toBeGreaterThanOrEqual(ceiling / 2 - 1);
      expect(wait).toBeLessThanOrEqual(ceiling);
      t.clock.advance(wait - 1);
      await run();
      expect(receiver.callsTo('/failing')).toHaveLength(attempts);
      t.clock.advance(1);
      await run();
      attempts++;
      expect(receiver.callsTo('/failing')).toHaveLength(attempts);
      [delivery] = await deliveries(made.id);
    }
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null, lastAttempt: { outcome: 'http_error', status: 500, response: 'receiver error' } });
    expect(t.clock.now().getTime() - start).toBeGreaterThanOrEqual(3 * DAY);
    expect(t.clock.now().getTime() - start).toBeLessThan(3 * DAY + 6 * HOUR);
    const calls = receiver.callsTo('/failing');
    expect(new Set(calls.map((received) => received.headers['webhook-id']))).toEqual(new Set([eventId]));
    expect(calls.every((received) => signedWith(received, secret))).toBe(true);
    expect(await endpoint(made.id)).toMatchObject({ enabled: false, disabledReason: 'failing', counts: { pending: 0, failed: 1 } });
    const notices = (await readEventsAfter(t.store.db, { after: null, types: ['webhook_endpoint.disabled'], limit: 10 })).map((entry) => entry.event);
    expect(notices).toContainEqual(expect.objectContaining({ subject: { kind: 'webhook_endpoint', id: made.id }, data: expect.objectContaining({ disabledReason: 'failing', url: receiver.url('/failing') }) }));
  });

  it('switches an endpoint off at a 410, fails what waits for it, and sends the failed ones again on request once it is on', async () => {
    receiver.answer('/gone', 'gone');
    const { endpoint: made } = await create('/gone');
    const ids = [await event('gone-1'), await event('gone-2')];
    await run();
    expect(await endpoint(made.id)).toMatchObject({ enabled: false, disabledReason: 'gone', counts: { pending: 0, failed: 2 } });
    expect((await deliveries(made.id, '?status=failed')).map((delivery) => delivery.eventId).sort()).toEqual([...ids].sort());
    expect(await deliveries(made.id, '?status=delivered')).toEqual([]);
    const notices = (await readEventsAfter(t.store.db, { after: null, types: ['webhook_endpoint.disabled'], limit: 10 })).map((entry) => entry.event.data);
    expect(notices).toContainEqual(expect.objectContaining({ id: made.id, disabledReason: 'gone' }));

    receiver.answer('/gone', 'ok');
    await call('PATCH', `/webhook-endpoints/${made.id}`, { enabled: true });
    const range = { from: new Date(t.clock.now().getTime() - HOUR).toISOString(), to: new Date(t.clock.now().getTime() + 1).toISOString() };
    expect(await call('POST', `/webhook-endpoints/${made.id}/resend-failed`, range)).toEqual({ resent: 2 });
    await run();
    expect((await deliveries(made.id)).map((delivery) => delivery.status)).toEqual(['delivered', 'delivered']);
    const one = (await deliveries(made.id))[0]!;
    const resent = await call<{ delivery: DeliveryView }>('POST', `/webhook-deliveries/${one.id}/resend`);
    expect(resent.delivery.status).toBe('pending');
    await run();
    expect(receiver.callsTo('/gone').filter((received) => received.headers['webhook-id'] === one.eventId)).toHaveLength(3);
    const actions = await t.store.sql.rows<{ action: string; actor_email: string | null }>(`SELECT action, actor_email FROM audit_events WHERE target = 'webhook_endpoint:${made.id}' ORDER BY id`);
    expect(actions.map((row) => row.action)).toEqual(['webhook_endpoint.create', 'webhook_endpoint.switched_off', 'webhook_endpoint.update', 'webhook_endpoint.resend_failed', 'webhook_delivery.resend']);
    expect(actions[1]?.actor_email).toBeNull();
  });

  it('counts a receiver that does not answer by the deadline as timed out and one that is down as refused, and delivers once it is up', async () => {
    receiver.answer('/hang', 'hang');
    const { endpoint: hanging } = await create('/hang');
    const down = await WebhookReceiver.start();
    const { endpoint: absent } = await call<{ endpoint: EndpointView }>('POST', '/webhook-endpoints', { url: down.url('/later'), events: ['reward.completed'] });
    await down.down();
    const eventId = await event('slow');
    await run();
    const [timedOut] = await deliveries(hanging.id);
    expect(timedOut).toMatchObject({ status: 'pending', attempts: 1, lastAttempt: { outcome: 'timeout', status: null } });
    expect(timedOut!.lastAttempt!.latencyMs).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    const [refused] = await deliveries(absent.id);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, lastAttempt: { outcome: 'refused', status: null } });
    expect((await endpoint(absent.id)).failingSince).not.toBeNull();

    await down.up();
    t.clock.advance(MINUTE);
    await run();
    expect(down.callsTo('/later').map((received) => received.headers['webhook-id'])).toEqual([eventId]);
    expect((await deliveries(absent.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect((await endpoint(absent.id)).failingSince).toBeNull();
    await down.close();
    await call('DELETE', `/webhook-endpoints/${hanging.id}`);
  });

  it('follows no redirect and reads at most 64 KiB of an answer, keeping its first 1 KiB', async () => {
    receiver.answer('/moved', { status: 302, body: '', headers: { location: receiver.url('/elsewhere') } });
    receiver.answer('/big', { status: 200, body: 'x'.repeat(200_000) });
    const { endpoint: moved } = await create('/moved');
    const { endpoint: big } = await create('/big');
    await event('answers');
    await run();
    expect((await deliveries(moved.id))[0]).toMatchObject({ status: 'pending', lastAttempt: { outcome: 'http_error', status: 302 } });
    expect(receiver.callsTo('/elsewhere')).toEqual([]);
    const [bigOne] = await deliveries(big.id);
    expect(bigOne).toMatchObject({ status: 'delivered', lastAttempt: { status: 200 } });
    expect(bigOne!.lastAttempt!.response).toBe('x'.repeat(1024));
    await call('DELETE', `/webhook-endpoints/${moved.id}`);
  });

  it('sends a staff member Slack target its messages as {"text": …}, unsigned, once per event, and keeps it off the endpoint list', async () => {
    const [owner] = await t.store.sql.rows<{ id: string }>(`SELECT id FROM staff WHERE role = 'manager' LIMIT 1`);
    const targets = t.services.webhookTargets;
    await expect(targets.upsertSlackTarget(owner!.id, 'http://203.0.113.9/services/T/B/x')).rejects.toMatchObject({ field: 'slackUrl' } satisfies Partial<Refusal>);
    const targetId = await targets.upsertSlackTarget(owner!.id, receiver.url('/slack'));
    expect(await targets.upsertSlackTarget(owner!.id, receiver.url('/slack'))).toBe(targetId);
    const message = { eventId: 'evt_0123456789abcdef0123456789abcdef', eventType: 'approval.requested', text: 'A reward waits for your approval: <https://console.example/rewards/1|open it>' };
    expect(await targets.enqueue(t.store.db, targetId, message)).toBe(true);
    await targets.enqueue(t.store.db, targetId, message);
    await run();
    const calls = receiver.callsTo('/slack');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toEqual({ text: message.text });
    expect(calls[0]!.headers['webhook-signature']).toBeUndefined();
    expect((await call<{ endpoints: { id: string }[] }>('GET', '/webhook-endpoints')).endpoints.map((listed) => listed.id)).not.toContain(targetId);
    expect(await targets.slackTargetOf(owner!.id)).toMatchObject({ id: targetId, url: receiver.url('/slack'), enabled: true });
    await targets.removeSlackTarget(owner!.id);
    expect(await targets.slackTargetOf(owner!.id)).toBeNull();
    expect(await targets.enqueue(t.store.db, targetId, { ...message, eventId: 'evt_1123456789abcdef0123456789abcdef' })).toBe(false);
  });
});
