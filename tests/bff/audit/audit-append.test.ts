import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../bff/src/audit/audit-log.ts';
import { verifyAuditChain } from '../../../bff/src/audit/audit-verify.ts';
import { openStore, type Store } from '../../../bff/src/store/database.ts';
import { TestClock } from '../support/test-clock.ts';
import { createTestSchema, openTestStore, storeKinds } from '../../support/test-store.ts';
import { ADMIN, appendMany, auditLogOn, entry, resetAuditLog, storedRows, tamper } from './audit-fixtures.ts';

describe.each(storeKinds)('appending to the audit log (%s)', (kind) => {
  let store: Store;
  let audit: AuditLog;
  let clock: TestClock;

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  beforeEach(async () => {
    await resetAuditLog(store);
    ({ audit, clock } = auditLogOn(store));
  });
  afterAll(() => store.close());

  it('stores every field and reads it back', async () => {
    await audit.append(
      entry({ upstream: { status: 409, code: 'already_cancelled' }, details: { amount: '3.14', reason: 'duplicate' } }),
    );
    await audit.append({ actor: null, clientIp: null, requestId: null, action: 'access.denied', target: null, outcome: 'denied' });

    const { events } = await audit.query({});
    expect(events).toEqual([
      { id: 2, at: '2026-11-21T09:00:00.000Z', actor: null, clientIp: null, requestId: null, action: 'access.denied', target: null, outcome: 'denied', upstream: null, details: {} },
      {
        id: 1,
        at: '2026-11-21T09:00:00.000Z',
        actor: ADMIN,
        clientIp: '203.0.113.7',
        requestId: 'req-1',
        action: 'payment.cancel',
        target: 'payment:pay_1',
        outcome: 'ok',
        upstream: { status: 409, code: 'already_cancelled' },
        details: { amount: '3.14', reason: 'duplicate' },
      },
    ]);
  });

  it('chains each row to the one before, and moves the head', async () => {
    await appendMany(audit, clock, 3);
    const rows = await storedRows(store);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
    expect(rows[0]?.prev_hash).toBe('0'.repeat(64));
    expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
    expect(rows[2]?.prev_hash).toBe(rows[1]?.hash);
    expect(await store.sql.rows('SELECT last_id::int AS last_id, last_hash FROM audit_head')).toEqual([{ last_id: 3, last_hash: rows[2]?.hash }]);
  });

  it('verifies an intact chain of 500 rows, in pages of any size', async () => {
    await appendMany(audit, clock, 500, (i) => entry({ target: `payment:pay_${i}`, details: { i, nested: { b: [i, 'x'], a: null } } }));
    const verification = await audit.verify();
    const [head] = await storedRows(store).then((rows) => rows.slice(-1));
    expect(verification).toEqual({ intact: true, rows: 500, head: { id: 500, hash: head?.hash } });
    expect(await verifyAuditChain(store.db, 7)).toEqual(verification);
  });

  it('verifies an empty log', async () => {
    expect(await audit.verify()).toEqual({ intact: true, rows: 0, head: { id: 0, hash: '0'.repeat(64) } });
  });

  it('keeps the hash valid for what the store does to values: jsonb key order, NUL, lone surrogates, upper-case uuids, Dates', async () => {
    await audit.append(
      entry({
        actor: { ...ADMIN, id: ADMIN.id.toUpperCase() },
        target: 'payment:\u0000pay',
        details: { zeta: 1, alpha: { y: 'a\u0000b', x: '\ud800' }, at: new Date('2026-01-01T00:00:00Z'), gone: undefined, ratio: 0.1, big: 1e21, '\u0000key': true },
      }),
    );
    expect(await audit.verify()).toMatchObject({ intact: true, rows: 1 });
    const [event] = (await audit.query({})).events;
    expect(event?.actor?.id).toBe(ADMIN.id);
    expect(event?.target).toBe('payment:\ufffdpay');
    expect(event?.details).toEqual({ zeta: 1, alpha: { y: 'a\ufffdb', x: '\ufffd' }, at: '2026-01-01T00:00:00.000Z', ratio: 0.1, big: 1e21, '\ufffdkey': true });
  });

  it('orders 50 appends made at once into one chain with no id twice', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, i) => audit.append(entry({ requestId: `req-${i}` }))));
    const rows = await storedRows(store);
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await audit.verify()).toMatchObject({ intact: true, rows: 50 });
  });

  it('stays intact while appends run during a verification', async () => {
    await appendMany(audit, clock, 100);
    const [verification] = await Promise.all([audit.verify(), ...Array.from({ length: 20 }, () => audit.append(entry()))]);
    expect(verification.intact).toBe(true);
    expect(await audit.verify()).toMatchObject({ intact: true, rows: 120 });
  });

  it("joins the caller's transaction: the row commits with the action", async () => {
    await store.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO settings (key, value) VALUES ('banner', '"on"')`);
      await audit.append(entry({ action: 'settings.wallet' }), tx);
    });
    expect(await store.sql.rows('SELECT key FROM settings')).toEqual([{ key: 'banner' }]);
    expect((await audit.query({})).events.map((event) => event.action)).toEqual(['settings.wallet']);
  });

  it('leaves no row and an intact chain when that transaction rolls back', async () => {
    await audit.append(entry());
    await expect(
      store.db.transaction(async (tx) => {
        await audit.append(entry({ action: 'staff.create' }), tx);
        throw new Error('the action failed after its audit row was written');
      }),
    ).rejects.toThrow('the action failed');
    expect(await storedRows(store)).toHaveLength(1);
    expect(await audit.verify()).toMatchObject({ intact: true, rows: 1 });
    await audit.append(entry());
    expect((await storedRows(store)).map((row) => row.id)).toEqual([1, 2]);
    expect(await audit.verify()).toMatchObject({ intact: true, rows: 2 });
  });

  it('keeps one chain when another writer moved the head since this log last appended', async () => {
    const other = new AuditLog(store.db, clock);
    await audit.append(entry({ requestId: 'a-1' }));
    await other.append(entry({ requestId: 'b-1' }));
    await audit.append(entry({ requestId: 'a-2' }));
    await other.append(entry({ requestId: 'b-2' }));
    const rows = await store.sql.rows<{ id: string | number; request_id: string }>('SELECT id, request_id FROM audit_events ORDER BY id');
    expect(rows.map((row) => [Number(row.id), row.request_id])).toEqual([[1, 'a-1'], [2, 'b-1'], [3, 'a-2'], [4, 'b-2']]);
    expect(await audit.verify()).toMatchObject({ intact: true, rows: 4 });
  });

  it('throws when the row cannot be written, and then the action fails with it', async () => {
    await audit.append(entry());
    // A row already stands where the next append would go.
    await tamper(store, `INSERT INTO audit_events (id, at, action, outcome, prev_hash, hash) VALUES (2, now(), 'forged', 'ok', '', '')`);
    await expect(audit.append(entry())).rejects.toThrow();
    await expect(
      store.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO settings (key, value) VALUES ('banner', '"on"')`);
        await audit.append(entry({ action: 'settings.wallet' }), tx);
      }),
    ).rejects.toThrow();
    expect(await store.sql.rows('SELECT key FROM settings')).toEqual([]);
  });

  it('keeps the table append-only for the console itself', async () => {
    await audit.append(entry());
    await expect(store.sql.exec(`UPDATE audit_events SET outcome = 'failed'`)).rejects.toThrow(/append-only/);
    await expect(store.sql.exec('DELETE FROM audit_events')).rejects.toThrow(/append-only/);
  });
});

// PGlite has one process by design (its data directory is locked); PostgreSQL serves several.
describe.each(storeKinds.filter((kind) => kind === 'postgres'))('appending from two processes (%s)', () => {
  it('makes one intact chain when two stores append to one database at once', async () => {
    const { url, drop } = await createTestSchema();
    const stores = [await openStore({ kind: 'postgres', url, maxConnections: 5 }), await openStore({ kind: 'postgres', url, maxConnections: 5 })];
    try {
      const logs = stores.map((store) => new AuditLog(store.db, new TestClock()));
      await Promise.all(logs.flatMap((log, n) => Array.from({ length: 25 }, (_, i) => log.append(entry({ requestId: `store-${n}-${i}` })))));
      const rows = await storedRows(stores[0] as Store);
      expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await logs[1]?.verify()).toMatchObject({ intact: true, rows: 50 });
    } finally {
      for (const store of stores) await store.close();
      await drop();
    }
  });
});
