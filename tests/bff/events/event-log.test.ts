import { afterEach, describe, expect, it } from 'vitest';
import { pruneEventsBefore, readEventsAfter, recordEvent, type EventPosition } from '../../../bff/src/events/event-log.ts';
import type { Store } from '../../../bff/src/store/database.ts';
import { openTestStore, storeKinds } from '../../support/test-store.ts';
import { readable } from './support.ts';

const at = new Date('2026-11-28T10:00:00.000Z');
const event = (subjectId: string) => ({ type: 'reward.completed' as const, subjectId, data: { id: subjectId, state: 'completed' }, at });

/** Reads the whole log from `after`, a page at a time, as a poller or the delivery would. */
async function readAll(store: Store, after: EventPosition | null = null): Promise<{ ids: string[]; last: EventPosition | null }> {
  const ids: string[] = [];
  let position = after;
  for (;;) {
    const page = await readEventsAfter(store.db, { after: position, limit: 2 });
    if (page.length === 0) return { ids, last: position };
    ids.push(...page.map((entry) => entry.event.data.id as string));
    position = page.at(-1)!.position;
  }
}

describe.each(storeKinds)('the event log on %s', (kind) => {
  let store: Store | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
  });

  it('keeps an event with the change that commits and forgets it with the change that rolls back', async () => {
    store = await openTestStore(kind);
    await store.db.transaction(async (tx) => {
      await recordEvent(tx, event('kept'));
    });
    await expect(
      store.db.transaction(async (tx) => {
        await recordEvent(tx, event('rolled-back'));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await readable(store.db);
    const [only, ...rest] = await readEventsAfter(store.db, { after: null, limit: 10 });
    expect(rest).toEqual([]);
    expect(only!.event).toMatchObject({ type: 'reward.completed', subject: { kind: 'reward', id: 'kept' }, data: { id: 'kept', state: 'completed' }, at });
    expect(only!.event.id).toMatch(/^evt_[0-9a-f]{32}$/);
  });

  it('reads in pages from a position and filters by type', async () => {
    store = await openTestStore(kind);
    for (const id of ['a', 'b', 'c', 'd', 'e']) await recordEvent(store.db, event(id));
    await recordEvent(store.db, { ...event('f'), type: 'batch.finished' });
    await readable(store.db);
    expect((await readAll(store)).ids).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    const batches = await readEventsAfter(store.db, { after: null, types: ['batch.finished'], limit: 10 });
    expect(batches.map((entry) => entry.event.subject)).toEqual([{ kind: 'batch', id: 'f' }]);
  });

  it('forgets events older than the cut', async () => {
    store = await openTestStore(kind);
    await recordEvent(store.db, { ...event('old'), at: new Date('2026-10-01T00:00:00Z') });
    await recordEvent(store.db, event('new'));
    expect(await pruneEventsBefore(store.db, new Date('2026-10-29T00:00:00Z'))).toBe(1);
    await readable(store.db);
    expect((await readAll(store)).ids).toEqual(['new']);
  });
});

describe.skipIf(!storeKinds.includes('postgres'))('the event log read while others write (PostgreSQL)', () => {
  let store: Store | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
  });

  it('never hands out a position past an event whose transaction commits later', async () => {
    store = await openTestStore('postgres');
    const db = store.db;
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWrote!: () => void;
    const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
    // The first writer takes the lower sequence number and commits last.
    const first = db.transaction(async (tx) => {
      await recordEvent(tx, event('first'));
      firstWrote();
      await firstMayCommit;
    });
    await firstHasWritten;
    await db.transaction(async (tx) => {
      await recordEvent(tx, event('second'));
    });
    const whileFirstRuns = await readAll(store);
    expect(whileFirstRuns.ids).toEqual([]);
    releaseFirst();
    await first;
    await readable(store.db);
    expect((await readAll(store, whileFirstRuns.last)).ids).toEqual(['first', 'second']);
  });
});
