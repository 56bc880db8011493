import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../bff/src/store/database.ts';
import { holding } from '../../../bff/src/store/shared-lock.ts';
import { createTestSchema, openTestStore, storeKinds } from '../../support/test-store.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A store's shared lock: its holders take turns, in this process and (PostgreSQL) across processes on one schema. */
describe.each(storeKinds)('the shared lock on %s', (kind) => {
  let store: Store | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
  });

  it('lets one holder in at a time, in the order they asked, and the next in when one fails', async () => {
    store = await openTestStore(kind);
    const lock = store.lock('test');
    expect(store.lock('test')).toBe(lock);
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    const works = Array.from({ length: 12 }, (_, i) =>
      holding(lock, async () => {
        most = Math.max(most, ++inside);
        await settle();
        order.push(i);
        inside--;
        if (i === 3) throw new Error('this holder fails');
      }),
    );
    const results = await Promise.allSettled(works);
    expect(most).toBe(1);
    expect(order).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(results.map((result) => result.status)).toEqual(results.map((_, i) => (i === 3 ? 'rejected' : 'fulfilled')));
  });
});

describe.skipIf(!storeKinds.includes('postgres'))('the shared lock across instances on PostgreSQL', () => {
  const opened: Store[] = [];
  const drops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    for (const drop of drops.splice(0)) await drop();
  });

  /**
   * Two stores (two instances' pools) on one fresh schema, a URL to it, and the application name the
   * first one's connections carry (other files' instances share the database and hold locks too).
   */
  async function twoInstances(): Promise<[Store, Store, string, string]> {
    const schema = await createTestSchema();
    drops.push(schema.drop);
    const firstName = `shared-lock-${randomUUID()}`;
    const firstUrl = new URL(schema.url);
    firstUrl.searchParams.set('application_name', firstName);
    const first = await openStore({ kind: 'postgres', url: firstUrl.toString(), maxConnections: 3 });
    opened.push(first);
    const second = await openStore({ kind: 'postgres', url: schema.url, maxConnections: 3 });
    opened.push(second);
    return [first, second, schema.url, firstName];
  }

  it('keeps a second instance waiting while the first holds it, tells the holder so, and lets it in on release', async () => {
    const [first, second] = await twoInstances();
    const held = await first.lock('wallet').acquire();
    expect(await held.contended()).toBe(false);
    let secondIn = false;
    const waiting = second
      .lock('wallet')
      .acquire()
      .then((lock) => {
        secondIn = true;
        return lock;
      });
    await expect.poll(() => held.contended()).toBe(true);
    expect(secondIn).toBe(false);
    // Another name, or the same name in another schema, is another lock.
    await (await second.lock('other').acquire()).release();
    const other = await createTestSchema();
    drops.push(other.drop);
    const elsewhere = await openStore({ kind: 'postgres', url: other.url, maxConnections: 2 });
    opened.push(elsewhere);
    await (await elsewhere.lock('wallet').acquire()).release();

    await held.release();
    await (await waiting).release();
    expect(secondIn).toBe(true);
  });

  it('is let go when the connection of the instance holding it dies', async () => {
    const [first, second, url, firstName] = await twoInstances();
    const lost = await first.lock('wallet').acquire();
    const waiting = second.lock('wallet').acquire();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // The holder's session: the first instance's connection granted an advisory lock that another session waits for.
      const holder = async () =>
        (
          await admin.query<{ pid: number }>(
            `SELECT mine.pid FROM pg_locks mine JOIN pg_stat_activity session ON session.pid = mine.pid
             JOIN pg_locks other ON other.locktype = 'advisory' AND NOT other.granted AND other.objid = mine.objid AND other.classid = mine.classid
             WHERE mine.locktype = 'advisory' AND mine.granted AND session.application_name = $1`,
            [firstName],
          )
        ).rows[0]?.pid;
      await expect.poll(holder).toBeDefined();
      await admin.query('SELECT pg_terminate_backend($1)', [await holder()]);
      await (await waiting).release();
      // The instance that lost it gives back a connection that is gone, and takes the lock again on a new one.
      await lost.release();
      await (await first.lock('wallet').acquire()).release();
    } finally {
      await admin.end();
    }
  });
});
