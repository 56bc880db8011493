import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { attachTransaction, newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Page {
  payments: Array<{ identifier: string; amount: string; state: string; user_uid: string; direction: string; created_at: string; lastSyncedAt: string }>;
  nextCursor: string | null;
}

describe.each(storeKinds)('the payments index on %s', (kind) => {
  let t: TestApp;
  let support: string;
  const ids: string[] = [];

  async function page(query: string): Promise<Page> {
    const response = await t.request('GET', `/api/payments?${query}`, { cookie: support });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Page;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    support = await t.signInAs('support');
    await control(t.emulator, 'POST', '/seed', { count: 120 });
    const seeded = await control<{ payments: Array<{ identifier: string }> }>(t.emulator, 'GET', '/payments?offset=0&limit=120');
    ids.push(...seeded.payments.map((payment) => payment.identifier));
    const imported = await t.services.paymentImporter.runAll(ids, 'import');
    const notIndexed = imported.filter((result) => result.result !== 'indexed');
    expect(notIndexed, `payments not indexed: ${JSON.stringify(notIndexed)}`).toEqual([]);
  });
  afterAll(() => t.close());

  it('counts each facet value within the other filters, ignoring the facets themselves', async () => {
    const all = await t.store.sql.rows<{ state: string; direction: string; approved: boolean; n: number }>(
      'SELECT state, direction, developer_approved AS approved, count(*)::int AS n FROM payments GROUP BY 1, 2, 3',
    );
    const total = all.reduce((sum, row) => sum + row.n, 0);
    const response = await t.request('GET', '/api/payments/facets?state=completed&developer_approved=false', { cookie: support });
    expect(response.status).toBe(200);
    const facets = (await response.json()) as { state: Record<string, number>; direction: { user_to_app: number; app_to_user: number }; flags: Record<string, { yes: number; no: number }> };
    expect(Object.values(facets.state).reduce((sum, n) => sum + n, 0)).toBe(total);
    expect(facets.state.completed).toBe(all.filter((row) => row.state === 'completed').reduce((sum, row) => sum + row.n, 0));
    expect(facets.direction.user_to_app + facets.direction.app_to_user).toBe(total);
    expect(facets.flags.developer_approved).toEqual({
      yes: all.filter((row) => row.approved).reduce((sum, row) => sum + row.n, 0),
      no: all.filter((row) => !row.approved).reduce((sum, row) => sum + row.n, 0),
    });
  });

  it('pages through every payment once, newest first, with keyset cursors', async () => {
    const seen: string[] = [];
    let cursor = '';
    let previous = '9999';
    do {
      const result = await page(`limit=25${cursor ? `&cursor=${cursor}` : ''}`);
      for (const payment of result.payments) {
        expect(payment.created_at <= previous).toBe(true);
        previous = payment.created_at;
        seen.push(payment.identifier);
      }
      cursor = result.nextCursor ?? '';
    } while (cursor);
    expect(seen.length).toBe(ids.length);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('moves a payment to the front of sort=synced when it is looked up, and pages by sync time across pages', async () => {
    const looked = ids[60] ?? '';
    const before = (await page('sort=synced&order=desc&limit=200')).payments.find((payment) => payment.identifier === looked);
    t.clock.advance(60_000);
    expect((await t.request('GET', `/api/payments/${looked}`, { cookie: support })).status).toBe(200);
    await t.services.backgroundWrites.settled();

    const seen: Page['payments'] = [];
    let cursor = '';
    do {
      const result = await page(`sort=synced&order=desc&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...result.payments);
      cursor = result.nextCursor ?? '';
    } while (cursor);
    expect(seen[0]).toEqual(expect.objectContaining({ identifier: looked, lastSyncedAt: t.clock.now().toISOString() }));
    expect(Date.parse(before?.lastSyncedAt ?? '')).toBeLessThan(t.clock.now().getTime());
    expect(seen.map((payment) => payment.lastSyncedAt)).toEqual(seen.map((payment) => payment.lastSyncedAt).sort().reverse());
    expect(new Set(seen.map((payment) => payment.identifier)).size).toBe(seen.length);
    expect(seen.map((payment) => payment.identifier)).toEqual(expect.arrayContaining(ids));
  });

  it('stays stable when payments are added between pages', async () => {
    const first = await page('limit=10&sort=created&order=asc');
    const added = await newA2U(t, { memo: 'added between pages' });
    await t.services.paymentIndex.record([added], 'console');
    const rest: string[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(`limit=50&sort=created&order=asc&cursor=${cursor}`);
      rest.push(...next.payments.map((payment) => payment.identifier));
      cursor = next.nextCursor;
    }
    const all = [...first.payments.map((payment) => payment.identifier), ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining([...ids, added.identifier]));
  });

  it('filters on state, direction, flags and user', async () => {
    const completed = await page('state=completed&limit=200');
    expect(completed.payments.length).toBeGreaterThan(0);
    expect(completed.payments.every((payment) => payment.state === 'completed')).toBe(true);

    const a2u = await page('direction=app_to_user&developer_completed=true&limit=200');
    expect(a2u.payments.every((payment) => payment.direction === 'app_to_user' && payment.state === 'completed')).toBe(true);

    const several = await page('state=cancelled,cancelled_by_user&limit=200');
    expect(several.payments.every((payment) => ['cancelled', 'cancelled_by_user'].includes(payment.state))).toBe(true);

    const someone = completed.payments[0]?.user_uid ?? '';
    const byUser = await page(`uid=${encodeURIComponent(someone)}&limit=200`);
    expect(byUser.payments.length).toBeGreaterThan(0);
    expect(byUser.payments.every((payment) => payment.user_uid === someone)).toBe(true);
  });

  it('counts only payments that can still move as stale, and reads "not completed, not cancelled" as moving', async () => {
    t.clock.advance(2 * 60_000);
    const stale = await page('staleMinutes=1&limit=200');
    expect(stale.payments.length).toBeGreaterThan(0);
    expect(stale.payments.every((payment) => !['completed', 'cancelled', 'cancelled_by_user'].includes(payment.state))).toBe(true);
    const moving = await page('developer_completed=false&cancelled=false&user_cancelled=false&limit=200');
    expect(moving.payments.map((payment) => payment.identifier).sort()).toEqual(stale.payments.map((payment) => payment.identifier).sort());
  });

  it('filters on amount and created ranges and sorts by amount exactly', async () => {
    const small = await newA2U(t, { amount: '0.0000001' });
    const large = await newA2U(t, { amount: '987654.1234567' });
    await t.services.paymentIndex.record([small, large], 'console');
    const ranged = await page('amountMin=987654.1234567&amountMax=987654.1234567');
    expect(ranged.payments.map((payment) => payment.amount)).toEqual(['987654.1234567']);

    const ascending = await page('sort=amount&order=asc&limit=3');
    expect(ascending.payments[0]?.amount).toBe('0.0000001');

    const future = await page(`from=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`);
    expect(future.payments).toEqual([]);
  });

  it('finds text in id, txid, memo and metadata', async () => {
    const payment = await newA2U(t, { memo: 'Quarterly Bonus', metadata: { ticket: 'SUP-48151' } });
    const txid = await attachTransaction(t, payment.identifier);
    await t.services.paymentIndex.record([await t.platform.getPayment(payment.identifier)], 'console');
    for (const q of ['quarterly', 'sup-48151', txid.slice(10, 30), payment.identifier.slice(3, 12)]) {
      const found = await page(`q=${encodeURIComponent(q)}`);
      expect(found.payments.map((p) => p.identifier), q).toContain(payment.identifier);
    }
    expect((await page(`txid=${txid}`)).payments.map((p) => p.identifier)).toEqual([payment.identifier]);
    expect((await page('q=%25%25%25')).payments).toEqual([]);
  });

  it('answers bad filters with 400 naming the field', async () => {
    for (const query of ['state=nonsense', 'amountMin=1.12345678', 'from=yesterday', 'q=ab', 'limit=500', 'cursor=garbage', 'txid=xyz']) {
      const response = await t.request('GET', `/api/payments?${query}`, { cookie: support });
      expect(response.status, query).toBe(400);
    }
    expect((await t.request('GET', '/api/payments?state=&q=&uid=', { cookie: support })).status).toBe(200);
  });

  it('exports the current view as CSV', async () => {
    const response = await t.request('GET', '/api/payments/export.csv?state=completed&sort=amount&order=asc', { cookie: support });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="payments-\d{8}-\d{6}-filtered\.csv"/);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^identifier,direction,user_uid,amount,memo,state,/);
    const expected = await page('state=completed&limit=200');
    expect(lines.length - 1).toBe(expected.payments.length);
    expect(lines.slice(1).every((line) => line.includes(',completed,'))).toBe(true);
  });

  it('records observed flag changes on refresh', async () => {
    const payment = await newA2U(t);
    await t.services.paymentIndex.record([payment], 'console');
    await attachTransaction(t, payment.identifier);
    const { PaymentRefresher } = await import('../../../bff/src/payments/payment-refresher.ts');
    const { createLogger } = await import('../../../bff/src/logger.ts');
    const refresher = new PaymentRefresher({ db: t.store.db, importer: t.services.paymentImporter, logger: createLogger({ level: 'silent' }), perMinute: 6_000 });
    t.clock.advance(1);
    let rounds = 0;
    while (rounds++ < 50) {
      await refresher.tick();
      const [row] = await t.store.sql.rows<{ state: string }>(`SELECT state FROM payments WHERE id = '${payment.identifier}'`);
      if (row?.state === 'awaiting_completion') break;
    }
    const events = await t.store.sql.rows<{ kind: string; source: string; changes: string[] }>(
      `SELECT kind, source, changes FROM payment_events WHERE payment_id = '${payment.identifier}' ORDER BY id`,
    );
    expect(events.at(-1)).toMatchObject({ kind: 'changed', source: 'refresh' });
    expect(events.at(-1)?.changes).toEqual(expect.arrayContaining(['transaction_verified', 'transaction']));
  });

  it('never lets an older snapshot undo a newer one, changed or not', async () => {
    const payment = await newA2U(t);
    await attachTransaction(t, payment.identifier);
    const newer = await t.platform.getPayment(payment.identifier);
    const takenAt = t.clock.now();
    await t.services.paymentIndex.record([newer], 'refresh', takenAt);

    const before = new Date(takenAt.getTime() - 1_000);
    await t.services.paymentIndex.record([payment], 'lookup', before);
    await t.services.paymentIndex.record([newer], 'lookup', before);

    const [row] = await t.store.sql.rows<{ state: string; last_synced_at: Date }>(`SELECT p.state, s.last_synced_at FROM payments p JOIN payment_syncs s ON s.payment_id = p.id WHERE p.id = '${payment.identifier}'`);
    expect(row?.state).toBe('awaiting_completion');
    expect(new Date(row?.last_synced_at ?? 0).toISOString()).toBe(takenAt.toISOString());
    const events = await t.store.sql.rows<{ kind: string }>(`SELECT kind FROM payment_events WHERE payment_id = '${payment.identifier}'`);
    expect(events.map((event) => event.kind)).toEqual(['first_seen']);
  });
});
