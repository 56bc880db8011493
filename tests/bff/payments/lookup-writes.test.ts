import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../bff/src/logger.ts';
import { LookupWrites } from '../../../bff/src/payments/lookup-writes.ts';
import { storeKinds } from '../../support/test-store.ts';
import { attachTransaction, newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe.each(storeKinds)('the index writes of look-ups on %s', (kind) => {
  let t: TestApp;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    support = await t.signInAs('support');
  });
  afterAll(() => t.close());

  const lookUp = async (id: string) => {
    const response = await t.request('GET', `/api/payments/${id}`, { cookie: support });
    expect(response.status).toBe(200);
    return (await response.json()) as { timeline: Array<{ at: string; kind: string; changes?: string[] }> };
  };

  async function indexed(id: string) {
    const [row] = await t.store.sql.rows<{ last_synced_at: Date; state: string }>(`SELECT s.last_synced_at, p.state FROM payments p JOIN payment_syncs s ON s.payment_id = p.id WHERE p.id = '${id}'`);
    const events = await t.store.sql.rows<{ at: Date; kind: string }>(`SELECT at, kind FROM payment_events WHERE payment_id = '${id}' ORDER BY id`);
    return { syncedAt: row && new Date(row.last_synced_at).toISOString(), state: row?.state, events: events.map((event) => [new Date(event.at).toISOString(), event.kind]) };
  }

  it('leaves one correct row after a burst of look-ups of one payment: first seen once, a change once, synced at the last look-up', async () => {
    const payment = await newA2U(t);
    const first = await Promise.all(Array.from({ length: 5 }, () => lookUp(payment.identifier)));
    await t.services.backgroundWrites.settled();
    const seenAt = first[0]?.timeline[0]?.at;
    expect(await indexed(payment.identifier)).toEqual({ syncedAt: seenAt, state: 'awaiting_transaction', events: [[seenAt, 'first_seen']] });

    await attachTransaction(t, payment.identifier);
    t.clock.advance(1_000);
    const changed = await lookUp(payment.identifier);
    const changedAt = changed.timeline[0]?.at;
    expect(changed.timeline[0]?.kind).toBe('changed');
    // Look-ups back to back, not waiting for the writes, each a second after the one before.
    for (let i = 0; i < 4; i++) {
      t.clock.advance(1_000);
      await lookUp(payment.identifier);
    }
    await t.services.backgroundWrites.settled();
    expect(await indexed(payment.identifier)).toEqual({
      syncedAt: t.clock.now().toISOString(),
      state: 'awaiting_completion',
      events: [
        [seenAt, 'first_seen'],
        [changedAt, 'changed'],
      ],
    });
  });

  it('writes the look-ups queued while a write runs together: one statement for those that changed nothing', async () => {
    const payments = await Promise.all([newA2U(t), newA2U(t), newA2U(t)]);
    for (const payment of payments) await lookUp(payment.identifier);
    await t.services.backgroundWrites.settled();

    const { paymentIndex: index, backgroundWrites: writes } = t.services;
    const writesOfLookups = new LookupWrites({ index, writes, logger: createLogger({ level: 'silent' }) });
    const touch = vi.spyOn(index, 'touchUnchanged');
    const record = vi.spyOn(index, 'record');
    try {
      t.clock.advance(5_000);
      const fresh = await Promise.all(payments.map((payment) => t.services.platform.getPayment(payment.identifier)));
      for (let i = 0; i < 3; i++) for (const payment of fresh) void writesOfLookups.add({ payment, at: t.clock.now() });
      await writes.settled();
      expect(touch).toHaveBeenCalledTimes(1);
      expect(touch.mock.calls[0]?.[0]).toHaveLength(3);
      expect(record).not.toHaveBeenCalled();
    } finally {
      touch.mockRestore();
      record.mockRestore();
    }
    for (const payment of payments) expect((await indexed(payment.identifier)).syncedAt).toBe(t.clock.now().toISOString());
  });
});
