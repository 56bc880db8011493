import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../../bff/src/events/event-log.ts';
import type { PublicEvent } from '../../../bff/src/events/event-feed.ts';
import { storeKinds } from '../../support/test-store.ts';
import { callV1, createApiKey, v1ErrorOf, type TestApiKey } from '../support/api-keys.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { readable } from './support.ts';

interface EventPage {
  events: PublicEvent[];
  nextCursor: string | null;
}

/** GET /v1/events: polling the log with a cursor and a type filter, behind the `events:read` scope. */
describe.each(storeKinds)('/v1/events on %s', (kind) => {
  let t: TestApp;
  let reader: TestApiKey;
  let other: TestApiKey;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await t.signInAs('admin');
    reader = await createApiKey(t, admin, ['events:read']);
    other = await createApiKey(t, admin, ['rewards:read']);
  });
  afterAll(() => t.close());

  const read = async (query: string, key = reader): Promise<EventPage> => {
    await readable(t.store.db);
    const response = await callV1(t, 'GET', `/v1/events${query}`, { key });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as EventPage;
  };

  it('answers nothing yet and no cursor on an empty log, then pages through every event once, in order, and polls on from the last cursor', async () => {
    expect(await read('')).toEqual({ events: [], nextCursor: null });
    const at = t.clock.now();
    for (const id of ['a', 'b', 'c', 'd', 'e']) await recordEvent(t.store.db, { type: 'reward.completed', subjectId: id, data: { id }, at });
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: EventPage = await read(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.events.map((event) => String(event.data.id)));
      expect(page.nextCursor).not.toBeNull();
      cursor = page.nextCursor;
      if (page.events.length < 2) break;
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
    const first = (await read('?limit=1')).events[0];
    expect(first).toEqual({ id: expect.stringMatching(/^evt_[0-9a-f]{32}$/), type: 'reward.completed', createdAt: at.toISOString(), data: { id: 'a' } });

    // Caught up: the same cursor again, until something happens.
    const caughtUp = await read(`?cursor=${cursor}`);
    expect(caughtUp).toEqual({ events: [], nextCursor: cursor });
    await recordEvent(t.store.db, { type: 'batch.finished', subjectId: 'f', data: { id: 'f' }, at });
    expect((await read(`?cursor=${cursor}`)).events.map((event) => event.data.id)).toEqual(['f']);
  });

  it('filters by one type or several', async () => {
    const at = t.clock.now();
    await recordEvent(t.store.db, { type: 'wallet.low_balance', subjectId: 'w', data: { address: 'w' }, at });
    expect((await read('?type=batch.finished')).events.map((event) => event.type)).toEqual(['batch.finished']);
    const several = await read('?type=batch.finished,wallet.low_balance&limit=500');
    expect(several.events.map((event) => event.type)).toEqual(['batch.finished', 'wallet.low_balance']);
  });

  it('refuses a caller without a key (401), a key without the scope (403), a cursor not of this list and an unknown type (400)', async () => {
    expect((await callV1(t, 'GET', '/v1/events')).status).toBe(401);
    const refused = await callV1(t, 'GET', '/v1/events', { key: other });
    expect(refused.status).toBe(403);
    expect(await v1ErrorOf(refused)).toMatchObject({ code: 'missing_scope', details: { needs: 'events:read' } });
    for (const cursor of ['not-a-cursor', Buffer.from(JSON.stringify(['x', 1])).toString('base64url'), Buffer.from(JSON.stringify(['12', -1])).toString('base64url')]) {
      const bad = await callV1(t, 'GET', `/v1/events?cursor=${cursor}`, { key: reader });
      expect(bad.status).toBe(400);
      expect(await v1ErrorOf(bad)).toMatchObject({ code: 'invalid_input', field: 'cursor' });
    }
    const unknown = await callV1(t, 'GET', '/v1/events?type=reward.paid', { key: reader });
    expect(unknown.status).toBe(400);
    expect((await v1ErrorOf(unknown)).message).toContain('"reward.paid" is not one of');
  });
});
