import { afterEach, describe, expect, it } from 'vitest';
import { recordEvent } from '../../../bff/src/events/event-log.ts';
import type { EventType } from '../../../bff/src/events/event-types.ts';
import { createLogger } from '../../../bff/src/logger.ts';
import { NotificationFanout } from '../../../bff/src/notifications/notification-fanout.ts';
import { readable } from '../events/support.ts';
import { storeKinds } from '../../support/test-store.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';
import { addStaff, changeStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const logger = createLogger({ level: 'silent' });
let subjects = 0;

/** An event as the console records it, about a new subject asked for by `requestedBy`. */
async function record(t: TestApp, type: EventType, data: Record<string, unknown> = {}): Promise<string> {
  const subjectId = `00000000-0000-4000-8000-${String(++subjects).padStart(12, '0')}`;
  return recordEvent(t.store.db, { type, subjectId, data: { id: subjectId, ...data }, at: t.clock.now() });
}

/** Who was told of event `eventId`, by email. */
async function toldOf(t: TestApp, eventId: string): Promise<string[]> {
  const rows = await t.store.sql.rows<{ email: string }>(`SELECT s.email FROM notifications n JOIN staff s ON s.id = n.staff_id WHERE n.event_id = '${eventId}' ORDER BY s.email`);
  return rows.map((row) => row.email);
}

async function notificationCount(t: TestApp): Promise<number> {
  const [row] = await t.store.sql.rows<{ count: number }>('SELECT count(*)::int AS count FROM notifications');
  return row?.count ?? 0;
}

describe.each(storeKinds)('telling staff of events on %s', (kind) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('tells each role what it hears of by default, and requesters only of their own', async () => {
    t = await createTestApp(kind);
    const admin = await t.signInAs('admin');
    const requester = await addStaff(t, admin, 'manager');
    const other = await addStaff(t, admin, 'manager');

    const requested = await record(t, 'approval.requested', { kind: 'reward', requestedBy: requester.id, amount: '250', state: 'awaiting' });
    const decided = await record(t, 'approval.decided', { kind: 'reward', requestedBy: requester.id, state: 'approved', amount: '250' });
    const finished = await record(t, 'batch.finished', { requestedBy: other.id, fileName: 'winners.csv' });
    const paused = await record(t, 'batch.paused', { requestedBy: 'an-api-key', fileName: 'api.csv' });
    const lowBalance = await record(t, 'wallet.low_balance', { available: '12.5', threshold: '100' });
    const expiring = await record(t, 'api_key.expiring', { name: 'Game backend' });
    const completed = await record(t, 'reward.completed', { requestedBy: requester.id, amount: '1', uid: 'user-2' });
    await readable(t.store.db);
    await t.services.notificationFanout.run();

    expect(await toldOf(t, requested)).toEqual(['admin@sandbox.local', 'manager@sandbox.local', other.email].sort());
    expect(await toldOf(t, decided)).toEqual([requester.email]);
    expect(await toldOf(t, finished)).toEqual([other.email]);
    expect(await toldOf(t, paused)).toEqual([]);
    expect(await toldOf(t, lowBalance)).toEqual(['admin@sandbox.local', 'ops@sandbox.local']);
    expect(await toldOf(t, expiring)).toEqual(['admin@sandbox.local']);
    expect(await toldOf(t, completed)).toEqual([]);

    const answer = await t.request('GET', '/api/notifications', { cookie: requester.cookie });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      unread: 1,
      nextCursor: null,
      notifications: [{ eventId: decided, type: 'approval.decided', title: 'Your request for the reward of 250 was approved', link: expect.stringMatching(/^\/rewards\/[0-9a-f-]{36}$/), readAt: null }],
    });
  });

  it('tells approvers of a real request for approval, and the requester of the decision, with the reward’s page', async () => {
    const app = await createTestApp(kind);
    t = app;
    const admin = await app.signInAs('admin');
    const manager = await app.signInAs('manager');
    expect((await app.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: '1' } })).status).toBe(200);
    const asked = await t.request('POST', '/api/rewards', { cookie: manager, headers: { 'idempotency-key': 'notify-1' }, body: { uid: 'user-approved', amount: '5', memo: 'Above the threshold' } });
    const { reward } = (await asked.json()) as { reward: { id: string; state: string } };
    expect(reward.state).toBe('awaiting_approval');
    await readable(t.store.db);
    await t.services.notificationFanout.run();
    const list = async (cookie: string) => ((await (await app.request('GET', '/api/notifications', { cookie })).json()) as { notifications: { type: string; title: string; body: string; link: string }[] }).notifications;
    expect(await list(admin)).toEqual([expect.objectContaining({ type: 'approval.requested', title: 'The reward of 5 waits for your approval', body: 'Asked for by Sandbox Manager.', link: `/rewards/${reward.id}` })]);
    expect(await list(manager)).toEqual([]);

    expect((await t.request('POST', `/api/rewards/${reward.id}/approve`, { cookie: admin })).status).toBe(200);
    await readable(t.store.db);
    await t.services.notificationFanout.run();
    expect(await list(manager)).toEqual([expect.objectContaining({ type: 'approval.decided', title: 'Your request for the reward of 5 was approved', link: `/rewards/${reward.id}` })]);
    expect((await list(admin)).map((row) => row.type)).toEqual(['approval.requested']);
  });

  it('tells of each event once, however many rounds run side by side', async () => {
    t = await createTestApp(kind);
    const ids = await Promise.all(Array.from({ length: 5 }, () => record(t!, 'wallet.low_balance', { available: '1' })));
    const second = new NotificationFanout({ db: t.store.db, logger, pageSize: 2 });
    await readable(t.store.db);
    await Promise.all([t.services.notificationFanout.run(), second.round(), second.run(), t.services.notificationFanout.round()]);
    await second.run();
    for (const id of ids) expect(await toldOf(t, id)).toEqual(['admin@sandbox.local', 'ops@sandbox.local']);
    expect(await notificationCount(t)).toBe(10);
  });

  it('starts again after a restart from where its last commit left it, and a round that fails tells nobody', async () => {
    t = await createTestApp(kind);
    const before = await record(t, 'audit.chain_broken');
    await readable(t.store.db);
    await t.services.notificationFanout.run();
    const during = await record(t, 'audit.chain_broken');
    let failures = 0;
    const failing = new NotificationFanout({
      db: t.store.db,
      logger,
      relay: async () => {
        failures++;
        throw new Error('the process dies in the middle of a round');
      },
    });
    await readable(t.store.db);
    await expect(failing.round()).rejects.toThrow('the process dies');
    expect(failures).toBe(1);
    expect(await toldOf(t, during)).toEqual([]);

    // Another process, as after a restart: it knows only what the store says.
    const restarted = new NotificationFanout({ db: t.store.db, logger });
    await readable(t.store.db);
    await restarted.run();
    expect(await toldOf(t, before)).toEqual(['admin@sandbox.local', 'ops@sandbox.local']);
    expect(await toldOf(t, during)).toEqual(['admin@sandbox.local', 'ops@sandbox.local']);
    expect(await notificationCount(t)).toBe(4);
  });

  it('follows each staff member’s choices, and tells nobody disabled', async () => {
    t = await createTestApp(kind);
    const admin = await t.signInAs('admin');
    const ops = await t.signInAs('ops');
    const requester = await addStaff(t, admin, 'ops');
    const defaults = await t.request('GET', '/api/me/notification-preferences', { cookie: ops });
    expect(await defaults.json()).toMatchObject({
      events: ['batch.paused', 'batch.finished', 'approval.decided', 'payment.stuck', 'wallet.low_balance', 'reconciliation.exception_opened', 'audit.chain_broken'],
      defaults: ['batch.paused', 'batch.finished', 'approval.decided', 'payment.stuck', 'wallet.low_balance', 'reconciliation.exception_opened', 'audit.chain_broken'],
      slackUrl: null,
      slackOff: null,
    });

    const chosen = await t.request('PUT', '/api/me/notification-preferences', { cookie: ops, body: { events: ['incomplete.found', 'reward.needs_attention'], slackUrl: null } });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toMatchObject({ events: ['reward.needs_attention', 'incomplete.found'] });
    const refused = await t.request('PUT', '/api/me/notification-preferences', { cookie: ops, body: { events: ['approval.requested'], slackUrl: null } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid_input', message: expect.stringContaining('your role does not hear of approval.requested') } });
    const unknown = await t.request('PUT', '/api/me/notification-preferences', { cookie: ops, body: { events: ['reward.exploded'], slackUrl: null } });
    expect(unknown.status).toBe(400);

    await changeStaff(t, admin, requester.id, { disabled: true });
    const attention = await record(t, 'reward.needs_attention', { amount: '3', uid: 'u' });
    const low = await record(t, 'wallet.low_balance');
    await readable(t.store.db);
    await t.services.notificationFanout.run();
    expect(await toldOf(t, attention)).toEqual(['ops@sandbox.local']);
    expect(await toldOf(t, low)).toEqual(['admin@sandbox.local']);

    const audit = await t.request('GET', '/api/audit?action=notifications.preferences', { cookie: admin });
    expect(await audit.json()).toMatchObject({ events: [{ action: 'notifications.preferences', outcome: 'ok', details: { added: ['reward.needs_attention', 'incomplete.found'], slack: 'unchanged' } }] });
  });

  it('lists a staff member’s own notifications a page at a time and marks them read', async () => {
    t = await createTestApp(kind);
    const admin = await t.signInAs('admin');
    const ops = await t.signInAs('ops');
    for (let index = 0; index < 23; index++) {
      await record(t, 'payment.stuck', { amount: String(index + 1) });
      t.clock.advance(1_000);
    }
    await readable(t.store.db);
    await t.services.notificationFanout.run();

    const first = (await (await t.request('GET', '/api/notifications', { cookie: ops })).json()) as { notifications: { id: string; title: string; body: string; link: string }[]; unread: number; nextCursor: string };
    expect(first.unread).toBe(23);
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications[0]).toMatchObject({ title: 'A payment has been waiting longer than it should', body: expect.stringContaining('of 23') });
    expect(first.notifications[0]!.link).toMatch(/^\/payments\//);
    const second = (await (await t.request('GET', `/api/notifications?cursor=${first.nextCursor}`, { cookie: ops })).json()) as { notifications: { id: string }[]; nextCursor: string | null };
    expect(second.notifications).toHaveLength(3);
    expect(second.nextCursor).toBeNull();

    const read = await t.request('POST', '/api/notifications/read', { cookie: ops, body: { ids: first.notifications.slice(0, 2).map((row) => row.id) } });
    expect(await read.json()).toEqual({ unread: 21 });
    // Another's ids mark nothing of theirs.
    expect(await (await t.request('POST', '/api/notifications/read', { cookie: admin, body: { ids: [first.notifications[2]!.id] } })).json()).toEqual({ unread: 23 });
    const unreadOnly = (await (await t.request('GET', '/api/notifications?unread=true', { cookie: ops })).json()) as { notifications: { readAt: string | null }[] };
    expect(unreadOnly.notifications.every((row) => row.readAt === null)).toBe(true);
    expect(await (await t.request('POST', '/api/notifications/read', { cookie: ops, body: { all: true } })).json()).toEqual({ unread: 0 });
    expect((await t.request('POST', '/api/notifications/read', { cookie: ops, body: { ids: [] } })).status).toBe(400);
    expect((await t.request('GET', '/api/notifications?cursor=nonsense', { cookie: ops })).status).toBe(400);
    expect((await t.request('GET', '/api/notifications')).status).toBe(401);
  });

  it('posts each notification to the staff member’s Slack URL too, through the webhook engine, once', async () => {
    t = await createTestApp(kind);
    const receiver = await WebhookReceiver.start();
    try {
      const ops = await t.signInAs('ops');
      const refused = await t.request('PUT', '/api/me/notification-preferences', { cookie: ops, body: { events: ['wallet.low_balance'], slackUrl: 'http://169.254.169.254/latest' } });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'invalid_input', field: 'slackUrl' } });

      const saved = await t.request('PUT', '/api/me/notification-preferences', { cookie: ops, body: { events: ['wallet.low_balance'], slackUrl: receiver.url('/slack') } });
      expect(await saved.json()).toMatchObject({ events: ['wallet.low_balance'], slackUrl: receiver.url('/slack'), slackOff: null });
      const low = await record(t, 'wallet.low_balance', { available: '12.5', threshold: '100' });
      await readable(t.store.db);
      await t.services.notificationFanout.run();
      await t.services.notificationFanout.run();
      await t.services.webhookEngine.tick();
      await receiver.until('the Slack message', (calls) => calls.some((call) => call.path === '/slack'));
      await t.services.webhookEngine.idle();

      const [message, ...more] = receiver.callsTo('/slack');
      expect(more).toEqual([]);
      expect(message?.headers['webhook-signature']).toBeUndefined();
      expect(JSON.parse(message!.body)).toEqual({ text: '*The app wallet is low: 12.5 available*\nIts available balance fell below the low-balance threshold of 100. Fund it before rewards wait for funds.\n<http://127.0.0.1:8787/wallet|Open in Plat Console>' });
      expect(await toldOf(t, low)).toEqual(['admin@sandbox.local', 'ops@sandbox.local']);

      const removed = await t.request('PUT', '/api/me/notification-preferences', { cookie: ops, body: { events: ['wallet.low_balance'], slackUrl: null } });
      expect(await removed.json()).toMatchObject({ slackUrl: null });
      const audit = await t.request('GET', '/api/audit?action=notifications.preferences', { cookie: await t.signInAs('admin') });
      const text = await audit.text();
      expect(text).not.toContain(receiver.url('/slack'));
      expect(JSON.parse(text)).toMatchObject({ events: [{ details: { slack: 'removed' } }, { details: { slack: 'added' } }] });
    } finally {
      await receiver.close();
    }
  });
});
