import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTarget } from '../../../bff/src/payments/payment-timeline.ts';
import type { Payment } from '../../../bff/src/platform/schemas.ts';
import { storeKinds } from '../../support/test-store.ts';
import { newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe.each(storeKinds)('the payment history read on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('reads what the index holds, the observed events and the staff actions, newest first', async () => {
    const payment = await newA2U(t);
    await t.services.paymentIndex.record([payment], 'import');
    t.clock.advance(1_000);
    const system = { actor: null, clientIp: null, requestId: null };
    await t.services.audit.append({ ...system, action: 'payment.cancel.requested', target: paymentTarget(payment.identifier), outcome: 'ok', details: { reason: 'asked' } });

    const history = await t.services.paymentHistory.of(payment.identifier);
    expect(history.indexed).toEqual({
      developerApproved: true,
      transactionVerified: false,
      developerCompleted: false,
      cancelled: false,
      userCancelled: false,
      txid: null,
      txVerified: null,
    });
    expect(history.timeline).toEqual([
      { at: t.clock.now().toISOString(), kind: 'staff_action', action: 'payment.cancel.requested', outcome: 'ok', actor: null, upstreamCode: null, details: { reason: 'asked' } },
      { at: new Date(t.clock.now().getTime() - 1_000).toISOString(), kind: 'first_seen', state: 'awaiting_transaction', source: 'import' },
    ]);
  });

  it('knows nothing of a payment never seen', async () => {
    expect(await t.services.paymentHistory.of('never-seen-payment')).toEqual({ indexed: null, timeline: [] });
  });

  it('reads payments asked for at once together, each its own history, as when read one at a time', async () => {
    const system = { actor: null, clientIp: null, requestId: null };
    const payments = [await newA2U(t), await newA2U(t), await newA2U(t)];
    await t.services.paymentIndex.record(payments, 'import');
    t.clock.advance(1_000);
    const [withAction, , toChange] = payments as [Payment, Payment, Payment];
    await t.services.audit.append({ ...system, action: 'payment.cancel.requested', target: paymentTarget(withAction.identifier), outcome: 'ok', details: {} });
    await t.services.paymentIndex.record([{ ...toChange, status: { ...toChange.status, cancelled: true } }], 'refresh');

    const ids = [...payments.map((payment) => payment.identifier), "never'seen", withAction.identifier];
    const atOnce = await Promise.all(ids.map((id) => t.services.paymentHistory.of(id)));
    const oneByOne = [];
    for (const id of ids) oneByOne.push(await t.services.paymentHistory.of(id));

    expect(atOnce).toEqual(oneByOne);
    expect(atOnce.map((history) => history.timeline.map((entry) => entry.kind))).toEqual([
      ['staff_action', 'first_seen'],
      ['first_seen'],
      ['changed', 'first_seen'],
      [],
      ['staff_action', 'first_seen'],
    ]);
    expect(atOnce[2]?.indexed?.cancelled).toBe(true);
    expect(atOnce[3]?.indexed).toBeNull();
  });

  it('takes ids with quotes and backslashes as plain text', async () => {
    const payment = await newA2U(t);
    for (const id of ["o'brien", "x'); DELETE FROM payments; --", 'back\\slash\\', "''"]) {
      await t.services.paymentIndex.record([{ ...payment, identifier: id }], 'import');
      const history = await t.services.paymentHistory.of(id);
      expect(history.indexed).not.toBeNull();
      expect(history.timeline.map((entry) => entry.kind)).toEqual(['first_seen']);
    }
    expect(await t.store.sql.rows<{ n: number }>('SELECT count(*)::int AS n FROM payments')).not.toEqual([{ n: 0 }]);
  });
});
