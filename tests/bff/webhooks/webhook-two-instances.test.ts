import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../bff/src/audit/audit-log.ts';
import { AuditedSetting } from '../../../bff/src/audit/audited-setting.ts';
import { SECRETS_KEY_BYTES, SecretSealer } from '../../../bff/src/secret-sealer.ts';
import { systemClock } from '../../../bff/src/clock.ts';
import { recordEvent } from '../../../bff/src/events/event-log.ts';
import { createLogger } from '../../../bff/src/logger.ts';
import { openStore, type Store } from '../../../bff/src/store/database.ts';
import { WebhookEndpoints } from '../../../bff/src/webhooks/webhook-endpoints.ts';
import { WebhookEngine } from '../../../bff/src/webhooks/webhook-engine.ts';
import { NO_WEBHOOK_SETTINGS, webhookSettingsSchema } from '../../../bff/src/webhooks/webhook-settings.ts';
import { createTestSchema, storeKinds } from '../../support/test-store.ts';
import { verifiedMessage, WebhookReceiver } from '../../support/webhook-receiver.ts';

/** Both instances seal and open the endpoints' secrets with one key, as instances of one console do. */
const sealer = new SecretSealer({ current: randomBytes(SECRETS_KEY_BYTES) });

const EVENTS = 60;

/** Two console instances' engines on one PostgreSQL database, each with its own connections, sharing the deliveries. */
describe.skipIf(!storeKinds.includes('postgres'))('webhook delivery shared by two instances on PostgreSQL', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  const stores: Store[] = [];
  const engines: WebhookEngine[] = [];
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    schema = await createTestSchema();
    receiver = await WebhookReceiver.start();
    for (const instance of ['first', 'second']) {
      const store = await openStore({ kind: 'postgres', url: schema.url, maxConnections: 4 });
      const audit = new AuditLog(store.db, systemClock);
      const settings = new AuditedSetting({ db: store.db, audit, clock: systemClock }, 'webhooks', webhookSettingsSchema, NO_WEBHOOK_SETTINGS);
      stores.push(store);
      engines.push(new WebhookEngine({ db: store.db, clock: systemClock, logger: createLogger({ level: 'silent' }), audit, settings, sealer, instanceId: instance, singleProcess: false, concurrency: 3, intervalMs: 20, deadlineMs: 5_000 }));
    }
  });
  afterAll(async () => {
    for (const engine of engines) await engine.stop();
    for (const store of stores) await store.close();
    await receiver.close();
    await schema.drop();
  });

  it('makes each attempt once, from one instance or the other, and delivers every event', async () => {
    const [first] = stores;
    const audit = new AuditLog(first!.db, systemClock);
    const settings = new AuditedSetting({ db: first!.db, audit, clock: systemClock }, 'webhooks', webhookSettingsSchema, NO_WEBHOOK_SETTINGS);
    const endpoints = new WebhookEndpoints({ db: first!.db, clock: systemClock, audit, settings, sealer });
    const { secret } = await endpoints.create({ url: receiver.url('/shared'), events: ['reward.completed'] }, { actor: null, clientIp: null, requestId: null });
    receiver.answer('/shared', { status: 200, body: 'ok', delayMs: 150 });
    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i++) ids.push(await recordEvent(first!.db, { type: 'reward.completed', subjectId: `r${i}`, data: { id: `r${i}` }, at: new Date() }));

    const holders = new Set<string>();
    const watching = (async () => {
      while (receiver.callsTo('/shared').length < EVENTS) {
        const leased = await first!.sql.rows<{ lease_owner: string }>(`SELECT DISTINCT lease_owner FROM webhook_deliveries WHERE lease_owner IS NOT NULL`);
        for (const row of leased) holders.add(row.lease_owner);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await Promise.all(engines.map((engine) => engine.start()));
    await receiver.until(`${EVENTS} calls`, (calls) => calls.length >= EVENTS, 60_000);
    await watching;
    await Promise.all(engines.map((engine) => engine.idle()));

    const calls = receiver.callsTo('/shared');
    expect(calls.map((call) => call.headers['webhook-id']).sort()).toEqual([...ids].sort());
    expect(calls.every((call) => verifiedMessage(call, secret).type === 'reward.completed')).toBe(true);
    const [attempts] = await first!.sql.rows<{ count: number }>(`SELECT count(*)::int AS count FROM webhook_attempts`);
    expect(attempts?.count).toBe(EVENTS);
    expect(holders).toEqual(new Set(['first', 'second']));
  }, 90_000);
});
