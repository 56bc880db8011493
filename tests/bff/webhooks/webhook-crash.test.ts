import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useKillableConsole } from '../../support/killable-console.ts';
import { storeKinds } from '../../support/test-store.ts';
import { verifiedMessage, WebhookReceiver, type ReceivedCall } from '../../support/webhook-receiver.ts';

const ADMIN = { email: 'admin@webhook-crash.test', password: 'webhook-crash-test-password' };

interface Made {
  endpoint: { id: string };
  secret: string;
}
interface DeliveryView {
  eventId: string;
  eventType: string;
  status: string;
}

/**
 * The console records a change and its event, fans the event out, and is killed (kill -9) while the
 * receiver holds the attempt: after the restart the same messages arrive, with the same webhook-ids.
 */
describe.each(storeKinds)('webhooks across a kill -9 of the console on %s', (kind) => {
  const c = useKillableConsole(kind, ADMIN, 4_000);
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(() => receiver.close());

  it('delivers after the restart what was written before the kill', async () => {
    receiver.answer('/watch', 'hang');
    receiver.answer('/gone', 'gone');
    const watcher = await c.admin.json<Made>('POST', '/api/webhook-endpoints', { url: receiver.url('/watch'), events: ['webhook_endpoint.disabled'] });
    const gone = await c.admin.json<Made>('POST', '/api/webhook-endpoints', { url: receiver.url('/gone'), events: ['reward.completed'] });
    const { delivery: test } = await c.admin.json<{ delivery: DeliveryView }>('POST', `/api/webhook-endpoints/${watcher.endpoint.id}/test`);
    // The change: a 410 switches the other endpoint off and records the console's notice of it, which goes to the watcher.
    await c.admin.json('POST', `/api/webhook-endpoints/${gone.endpoint.id}/test`);
    const typeOf = (call: ReceivedCall) => (JSON.parse(call.body) as { type: string }).type;
    await receiver.until('the test event and the notice held in flight', (calls) => new Set(calls.filter((call) => call.path === '/watch').map(typeOf)).size === 2);
    const held = receiver.callsTo('/watch');
    await c.kill();

    receiver.answer('/watch', 'ok');
    await c.restart();
    await receiver.until('both again after the restart', (calls) => calls.filter((call) => call.path === '/watch').length >= held.length + 2, 60_000);
    const calls = receiver.callsTo('/watch');
    expect(new Set(calls.map((call) => call.headers['webhook-id']))).toEqual(new Set(held.map((call) => call.headers['webhook-id'])));
    expect(calls.map((call) => call.headers['webhook-id'])).toContain(test.eventId);
    const notice = calls.map((call) => verifiedMessage(call, watcher.secret)).find((message) => message.type === 'webhook_endpoint.disabled');
    expect(notice?.data).toMatchObject({ id: gone.endpoint.id, disabledReason: 'gone' });

    const log = await c.admin.json<{ deliveries: DeliveryView[] }>('GET', `/api/webhook-endpoints/${watcher.endpoint.id}/deliveries`);
    expect(log.deliveries.map((delivery) => delivery.eventType).sort()).toEqual(['webhook.test', 'webhook_endpoint.disabled']);
  }, 150_000);
});
