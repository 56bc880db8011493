import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEventView } from '../../../bff/src/audit/audit-query.ts';
import { clearFaults, setFaults } from '../../support/emulator-control.ts';
import { newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A cancel whose answer is lost is audited `unknown`, then settled by re-reading the payment: never `failed` about something that happened. */
describe('lost answers to cancels', () => {
  let t: TestApp;
  let ops: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    ops = await t.signInAs('ops');
    admin = await t.signInAs('admin');
  });
  afterEach(() => clearFaults(t.emulator));
  afterAll(() => t.close());

  const eventsOf = async (paymentId: string) => {
    const response = await t.request('GET', `/api/audit?target=payment:${paymentId}&limit=200`, { cookie: admin });
    return ((await response.json()) as { events: AuditEventView[] }).events.reverse();
  };

  it('settles a cancel the platform applied after its answer timed out, linked to the first row', { timeout: 30_000 }, async () => {
    const payment = await newA2U(t);
    // Longer than the client's 2 s deadline: the platform cancels after the console gave up waiting.
    await setFaults(t.emulator, [{ route: 'POST /v2/payments/*/cancel', kind: 'latency', latencyMs: 2_500, times: 1 }]);
    const response = await t.request('POST', `/api/payments/${payment.identifier}/cancel`, { cookie: ops, body: { reason: 'duplicate' } });
    expect(response.status).toBe(504);

    const lost = (await eventsOf(payment.identifier)).find((event) => event.action === 'payment.cancel');
    expect(lost?.outcome).toBe('unknown');
    await vi.waitFor(
      async () => {
        const settled = (await eventsOf(payment.identifier)).find((event) => event.action === 'payment.cancel.settled');
        expect(settled).toMatchObject({ outcome: 'ok', details: { settles: lost?.id, settled: 'cancelled' }, actor: { email: 'ops@sandbox.local' } });
      },
      { timeout: 15_000, interval: 250 },
    );
    const outcomes = (await eventsOf(payment.identifier)).map((event) => `${event.action}:${event.outcome}`);
    expect(outcomes).not.toContain('payment.cancel:failed');
    const timeline = ((await (await t.request('GET', `/api/payments/${payment.identifier}`, { cookie: ops })).json()) as { timeline: { action?: string; outcome?: string }[] }).timeline;
    expect(timeline).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'payment.cancel.settled', outcome: 'ok' })]));
  });

  it('settles at start what an earlier run left unsettled', { timeout: 20_000 }, async () => {
    const payment = await newA2U(t);
    await t.platform.cancelPayment(payment.identifier);
    const origin = { actor: null, clientIp: null, requestId: null };
    const auditId = await t.services.audit.append({ ...origin, action: 'payment.cancel', target: `payment:${payment.identifier}`, outcome: 'unknown' });
    await t.services.outcomeSettler.resume();
    await vi.waitFor(
      async () => {
        const settled = (await eventsOf(payment.identifier)).find((event) => event.action === 'payment.cancel.settled');
        expect(settled).toMatchObject({ outcome: 'ok', details: { settles: auditId, settled: 'cancelled' } });
      },
      { timeout: 10_000, interval: 250 },
    );
    expect(await t.services.audit.unsettled()).toEqual([]);
  });
});
