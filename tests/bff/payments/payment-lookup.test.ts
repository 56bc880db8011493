import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../../support/test-store.ts';
import { attachTransaction, errorOf, newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe.each(storeKinds)('payment look-up and actions on %s', (kind) => {
  let t: TestApp;
  let support: string;
  let ops: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    support = await t.signInAs('support');
    ops = await t.signInAs('ops');
  });
  afterAll(() => t.close());

  type Timeline = Array<{ at: string; kind: string; state?: string; changes?: string[]; source?: string }>;

  async function observedEvents(paymentId: string) {
    const rows = await t.store.sql.rows<{ at: Date; kind: string; changes: string[] }>(`SELECT at, kind, changes FROM payment_events WHERE payment_id = '${paymentId}' ORDER BY id DESC`);
    return rows.map((row) => ({ at: new Date(row.at).toISOString(), kind: row.kind, changes: row.changes }));
  }

  it('looks a payment up on the platform, indexes it, and shows its state and timeline', async () => {
    const payment = await newA2U(t, { amount: '2.25' });
    const response = await t.request('GET', `/api/payments/${payment.identifier}`, { cookie: support });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { payment: { amount: string; state: string; status: object }; timeline: Timeline };
    expect(body.payment).toMatchObject({ amount: '2.25', state: 'awaiting_transaction', status: { developer_approved: true } });
    expect(body.timeline).toEqual([{ at: t.clock.now().toISOString(), kind: 'first_seen', state: 'awaiting_transaction', source: 'lookup' }]);

    // The index is written after the answer, with the event the answer showed.
    await t.services.backgroundWrites.settled();
    const indexed = await t.store.sql.rows<{ id: string; state: string }>(`SELECT id, state FROM payments WHERE id = '${payment.identifier}'`);
    expect(indexed).toEqual([{ id: payment.identifier, state: 'awaiting_transaction' }]);
    expect(await observedEvents(payment.identifier)).toEqual([{ at: body.timeline[0]?.at, kind: 'first_seen', changes: [] }]);

    const again = (await (await t.request('GET', `/api/payments/${payment.identifier}`, { cookie: support })).json()) as { timeline: Timeline };
    expect(again.timeline).toEqual(body.timeline);
  });

  it('shows a change the look-up sees, with what changed, and records it once', async () => {
    const payment = await newA2U(t);
    await t.request('GET', `/api/payments/${payment.identifier}`, { cookie: support });
    await t.services.backgroundWrites.settled();
    await attachTransaction(t, payment.identifier);
    t.clock.advance(1_000);

    const seen = (await (await t.request('GET', `/api/payments/${payment.identifier}`, { cookie: support })).json()) as { timeline: Timeline };
    expect(seen.timeline.map((entry) => [entry.kind, entry.changes ?? []])).toEqual([
      ['changed', ['transaction_verified', 'transaction']],
      ['first_seen', []],
    ]);
    await t.services.backgroundWrites.settled();
    const events = await observedEvents(payment.identifier);
    expect(events.map((event) => event.kind)).toEqual(['changed', 'first_seen']);
    expect(events[0]?.at).toBe(seen.timeline[0]?.at);

    const later = (await (await t.request('GET', `/api/payments/${payment.identifier}`, { cookie: support })).json()) as { timeline: Timeline };
    expect(later.timeline).toEqual(seen.timeline);
  });

  it('says plainly when the platform has no payment with that id', async () => {
    const response = await t.request('GET', '/api/payments/nosuchpaymentid00000000000000', { cookie: support });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: 'payment_not_found', message: 'No payment with this id on the platform.' });
  });

  it.each(['..%2Fx', 'a%2Fb', 'x'.repeat(65), 'incomplete_server_payments', 'a%25b'])('refuses the malformed id %s before any upstream call', async (id) => {
    const response = await t.request('GET', `/api/payments/${id}`, { cookie: support });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('invalid_input');
  });

  it('cancels with a reason, audits the request and the outcome, and shows it on the timeline', async () => {
    const payment = await newA2U(t);
    await t.request('GET', `/api/payments/${payment.identifier}`, { cookie: ops });
    // The look-up writes the index just after it answers; the cancel below is meant to find it there.
    await t.services.backgroundWrites.settled();
    const missing = await t.request('POST', `/api/payments/${payment.identifier}/cancel`, { cookie: ops, body: { reason: ' ' } });
    expect(missing.status).toBe(400);
    const byRole = await t.request('POST', `/api/payments/${payment.identifier}/cancel`, { cookie: support, body: { reason: 'asked by user' } });
    expect(byRole.status).toBe(403);

    const response = await t.request('POST', `/api/payments/${payment.identifier}/cancel`, { cookie: ops, body: { reason: 'asked by user' } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { payment: { state: string } }).payment.state).toBe('cancelled');

    const detail = (await (await t.request('GET', `/api/payments/${payment.identifier}`, { cookie: support })).json()) as {
      timeline: Array<{ kind: string; action?: string; outcome?: string; actor?: string; changes?: string[]; details?: { reason?: string } }>;
    };
    expect(detail.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'staff_action', action: 'payment.cancel.requested', actor: 'ops@sandbox.local', details: { reason: 'asked by user' } }),
        expect.objectContaining({ kind: 'staff_action', action: 'payment.cancel', outcome: 'ok', upstreamCode: 'ok' }),
        expect.objectContaining({ kind: 'changed', changes: ['cancelled'] }),
      ]),
    );
    const indexed = await t.store.sql.rows<{ state: string }>(`SELECT state FROM payments WHERE id = '${payment.identifier}'`);
    expect(indexed).toEqual([{ state: 'cancelled' }]);
  });

  it('shows the platform’s refusals with their codes: payment_tx_present, already_completed, cancelled_payment', async () => {
    const withTx = await newA2U(t);
    await attachTransaction(t, withTx.identifier);
    const txPresent = await t.request('POST', `/api/payments/${withTx.identifier}/cancel`, { cookie: ops, body: { reason: 'x' } });
    expect(txPresent.status).toBe(422);
    expect(await errorOf(txPresent)).toMatchObject({ code: 'payment_tx_present', upstream: { code: 'payment_tx_present', status: 400 } });

    expect((await t.request('POST', `/api/payments/${withTx.identifier}/complete`, { cookie: ops })).status).toBe(200);
    const completedCancel = await t.request('POST', `/api/payments/${withTx.identifier}/cancel`, { cookie: ops, body: { reason: 'x' } });
    expect(completedCancel.status).toBe(422);
    expect((await errorOf(completedCancel)).code).toBe('already_completed');
    const completedComplete = await t.request('POST', `/api/payments/${withTx.identifier}/complete`, { cookie: ops });
    expect(completedComplete.status).toBe(422);
    expect((await errorOf(completedComplete)).code).toBe('already_completed');

    const cancelled = await newA2U(t);
    await t.request('POST', `/api/payments/${cancelled.identifier}/cancel`, { cookie: ops, body: { reason: 'x' } });
    const again = await t.request('POST', `/api/payments/${cancelled.identifier}/cancel`, { cookie: ops, body: { reason: 'x' } });
    expect((await errorOf(again)).code).toBe('cancelled_payment');

    const refused = await t.store.sql.rows<{ outcome: string; upstream_code: string }>(
      `SELECT outcome, upstream_code FROM audit_events WHERE action = 'payment.cancel' AND target = 'payment:${withTx.identifier}'`,
    );
    expect(refused).toEqual(expect.arrayContaining([{ outcome: 'refused', upstream_code: 'payment_tx_present' }]));
  });

  it('completes only a payment with a verified transaction, with that transaction’s own txid', async () => {
    const noTx = await newA2U(t);
    const refused = await t.request('POST', `/api/payments/${noTx.identifier}/complete`, { cookie: ops });
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toMatchObject({ code: 'not_completable', message: 'This payment cannot be completed. It has no blockchain transaction yet.' });

    const unverified = await newA2U(t);
    await attachTransaction(t, unverified.identifier, false);
    expect((await errorOf(await t.request('POST', `/api/payments/${unverified.identifier}/complete`, { cookie: ops }))).code).toBe('not_completable');

    const ready = await newA2U(t);
    const txid = await attachTransaction(t, ready.identifier);
    const response = await t.request('POST', `/api/payments/${ready.identifier}/complete`, { cookie: ops });
    expect(response.status).toBe(200);
    const { payment } = (await response.json()) as { payment: { state: string; transaction: { txid: string } } };
    expect(payment).toMatchObject({ state: 'completed', transaction: { txid } });
    const audit = await t.store.sql.rows<{ details: { txid: string } }>(`SELECT details FROM audit_events WHERE action = 'payment.complete' AND target = 'payment:${ready.identifier}'`);
    expect(audit[0]?.details.txid).toBe(txid);
  });
});
