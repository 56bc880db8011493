import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../../bff/src/events/event-log.ts';
import { storeKinds } from '../../support/test-store.ts';
import { signedWith, verifiedMessage, WebhookReceiver } from '../../support/webhook-receiver.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { deliverAll } from '../support/webhooks.ts';

interface EndpointView {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  secretHint: string;
  previousSecretValidUntil: string | null;
  createdBy: { id: string; email: string } | null;
  counts: { pending: number; failed: number };
}
interface DeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastAttempt: { outcome: string; status: number | null; latencyMs: number; response: string } | null;
}

describe.each(storeKinds)('webhook endpoints on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // Real time: the Standard Webhooks library refuses a signature whose timestamp is 5 minutes off.
    t = await createTestApp(kind, { clockStart: Date.now(), webhooks: { deadlineMs: 2_000 } });
    admin = await t.signInAs('admin');
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await t.request(method, `/api${path}`, { cookie: admin, body });
    return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as Record<string, unknown>) };
  };
  const create = async (path: string, events: string[] = ['reward.completed']) => {
    const answer = await call('POST', '/webhook-endpoints', { url: receiver.url(path), events, description: `receiver ${path}` });
    expect(answer.status).toBe(201);
    return answer.body as { endpoint: EndpointView; secret: string };
  };
  const delivered = () => deliverAll(t);

  it('shows the secret once, in the Standard Webhooks form, and never again nor in the audit log', async () => {
    const { endpoint, secret } = await create('/once');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(endpoint).toMatchObject({ enabled: true, disabledReason: null, secretHint: `whsec_…${secret.slice(-4)}`, counts: { pending: 0, failed: 0 } });
    expect(endpoint.createdBy?.email).toBe('admin@sandbox.local');
    const list = await call('GET', '/webhook-endpoints');
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
    const audit = await t.store.sql.rows<{ action: string; details: unknown }>(`SELECT action, details FROM audit_events WHERE action LIKE 'webhook_%'`);
    expect(audit.map((row) => row.action)).toContain('webhook_endpoint.create');
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });

  it('takes https, loopback and the private networks an admin allows, and never link-local or metadata addresses', async () => {
    const refused = async (url: string) => {
      const answer = await call('POST', '/webhook-endpoints', { url, events: ['reward.completed'] });
      expect(answer.status, url).toBe(400);
      return (answer.body as { error: { message: string; field?: string } }).error;
    };
    expect((await refused('http://203.0.113.7/hook')).message).toMatch(/use https/);
    expect((await refused('https://169.254.169.254/latest/meta-data')).message).toMatch(/link-local/);
    expect((await refused('https://[fe80::1]/hook')).message).toMatch(/link-local/);
    expect((await refused('https://[::ffff:169.254.169.254]/hook')).message).toMatch(/link-local/);
    expect((await refused('https://[fd00:ec2::254]/hook')).message).toMatch(/metadata/);
    expect((await refused('ftp://example.com/hook')).field).toBe('url');
    expect((await refused('https://user:pass@example.com/hook')).message).toMatch(/user name or password/);
    expect((await refused('http://10.1.2.3:8080/hook')).message).toMatch(/private network/);

    expect((await call('PUT', '/settings/webhooks', { allowedPrivateNetworks: ['10.0.0.0/8', '169.254.0.0/16'] })).status).toBe(200);
    expect((await call('GET', '/settings/webhooks')).body).toEqual({ allowedPrivateNetworks: ['10.0.0.0/8', '169.254.0.0/16'] });
    expect((await call('POST', '/webhook-endpoints', { url: 'http://10.1.2.3:8080/hook', events: ['batch.finished'] })).status).toBe(201);
    // An admin's allowance never opens link-local addresses.
    expect((await refused('http://169.254.169.254/latest')).message).toMatch(/link-local/);
    expect((await call('PUT', '/settings/webhooks', { allowedPrivateNetworks: ['not a cidr'] })).status).toBe(400);
    expect((await call('PUT', '/settings/webhooks', { allowedPrivateNetworks: [] })).status).toBe(200);
  });

  it('is for admins only', async () => {
    const manager = await t.signInAs('manager');
    const response = await t.request('GET', '/api/webhook-endpoints', { cookie: manager });
    expect(response.status).toBe(403);
  });

  it('sends a signed test event through the engine and logs the attempt', async () => {
    const { endpoint, secret } = await create('/test-event');
    const sent = await call('POST', `/webhook-endpoints/${endpoint.id}/test`);
    expect(sent.status).toBe(202);
    const delivery = (sent.body as { delivery: DeliveryView }).delivery;
    expect(delivery).toMatchObject({ eventType: 'webhook.test', attempts: 0 });
    await delivered();
    const [received] = receiver.callsTo('/test-event');
    expect(received?.headers['webhook-id']).toBe(delivery.eventId);
    expect(verifiedMessage(received!, secret)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    const log = (await call('GET', `/webhook-deliveries/${delivery.id}`)).body as { delivery: DeliveryView; attempts: DeliveryView['lastAttempt'][] };
    expect(log.delivery).toMatchObject({ status: 'delivered', attempts: 1, lastAttempt: { outcome: 'delivered', status: 200, response: 'ok' } });
    expect(log.attempts).toHaveLength(1);
  });

  it('signs with the old secret too while a rotation overlaps, and only with the new one after', async () => {
    const { endpoint, secret: first } = await create('/rotated');
    const rotated = await call('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { overlapHours: 24 });
    const { endpoint: after, secret: second } = rotated.body as { endpoint: EndpointView; secret: string };
    expect(second).not.toBe(first);
    expect(after.previousSecretValidUntil).not.toBeNull();
    await call('POST', `/webhook-endpoints/${endpoint.id}/test`);
    await delivered();
    const [overlapping] = receiver.callsTo('/rotated');
    expect(overlapping?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verifiedMessage(overlapping!, first).type).toBe('webhook.test');
    expect(verifiedMessage(overlapping!, second).type).toBe('webhook.test');

    const { secret: third } = (await call('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { overlapHours: 0 })).body as { secret: string };
    await call('POST', `/webhook-endpoints/${endpoint.id}/test`);
    await delivered();
    const latest = receiver.callsTo('/rotated')[1]!;
    expect(signedWith(latest, third)).toBe(true);
    expect(signedWith(latest, second)).toBe(false);
    expect((await call('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { overlapHours: 169 })).status).toBe(400);
  });

  it('delivers each event of the log to the endpoints that list its type, from their creation on, with the event id as webhook-id', async () => {
    const before = await recordEvent(t.store.db, { type: 'reward.completed', subjectId: 'early', data: { id: 'early' }, at: new Date(t.clock.now().getTime() - 1_000) });
    const { endpoint, secret } = await create('/events', ['reward.completed', 'batch.finished']);
    const ids = [
      await recordEvent(t.store.db, { type: 'reward.completed', subjectId: 'r1', data: { id: 'r1', state: 'completed' }, at: t.clock.now() }),
      await recordEvent(t.store.db, { type: 'batch.finished', subjectId: 'b1', data: { id: 'b1' }, at: t.clock.now() }),
    ];
    const unlisted = await recordEvent(t.store.db, { type: 'reward.failed', subjectId: 'r2', data: { id: 'r2' }, at: t.clock.now() });
    await delivered();
    const calls = receiver.callsTo('/events');
    expect(calls.map((received) => received.headers['webhook-id']).sort()).toEqual([...ids].sort());
    expect(calls.map((received) => verifiedMessage(received, secret))).toContainEqual(expect.objectContaining({ type: 'reward.completed', data: { id: 'r1', state: 'completed' } }));
    const perEvent = (await call('GET', `/events/${ids[0]}/deliveries`)).body as { event: { type: string }; deliveries: DeliveryView[] };
    expect(perEvent.event.type).toBe('reward.completed');
    expect(perEvent.deliveries.filter((delivery) => delivery.status === 'delivered').map((delivery) => delivery.eventId)).toContain(ids[0]);
    expect(((await call('GET', `/events/${unlisted}/deliveries`)).body as { deliveries: unknown[] }).deliveries).toEqual([]);
    expect(((await call('GET', `/events/${before}/deliveries`)).body as { deliveries: DeliveryView[] }).deliveries.map((delivery) => delivery.endpointId)).not.toContain(endpoint.id);
    expect((await call('GET', '/events/evt_00000000000000000000000000000000/deliveries')).status).toBe(404);
  });

  it('switches off and on, refuses to send while off, and deletes', async () => {
    const { endpoint } = await create('/switch');
    const off = await call('PATCH', `/webhook-endpoints/${endpoint.id}`, { enabled: false, description: 'paused' });
    expect((off.body as { endpoint: EndpointView }).endpoint).toMatchObject({ enabled: false, disabledReason: 'admin' });
    expect((await call('POST', `/webhook-endpoints/${endpoint.id}/test`)).status).toBe(409);
    const on = await call('PATCH', `/webhook-endpoints/${endpoint.id}`, { enabled: true });
    expect((on.body as { endpoint: EndpointView }).endpoint).toMatchObject({ enabled: true, disabledReason: null });
    expect((await call('PATCH', `/webhook-endpoints/${endpoint.id}`, { url: 'https://169.254.169.254/' })).status).toBe(400);
    expect((await call('PATCH', `/webhook-endpoints/${endpoint.id}`, { secret: 'mine' })).status).toBe(400);
    expect((await call('DELETE', `/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
    expect((await call('DELETE', `/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
    expect(((await call('GET', '/webhook-endpoints')).body as { endpoints: EndpointView[] }).endpoints.map((listed) => listed.id)).not.toContain(endpoint.id);
    const actions = await t.store.sql.rows<{ action: string }>(`SELECT action FROM audit_events WHERE target = 'webhook_endpoint:${endpoint.id}' ORDER BY id`);
    expect(actions.map((row) => row.action)).toEqual(['webhook_endpoint.create', 'webhook_endpoint.update', 'webhook_endpoint.update', 'webhook_endpoint.delete']);
  });
});
