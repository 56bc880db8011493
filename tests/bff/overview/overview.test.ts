import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../../bff/src/platform/schemas.ts';
import { control, createUser } from '../../support/emulator-control.ts';
import { newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('pglite');
});
afterAll(() => t.close());

describe('the overview', () => {
  it('counts stuck user payments, approved payments without a transaction, moving payments and incomplete ones', async () => {
    const support = await t.signInAs('support');
    const user = await createUser(t.emulator);
    const u2a = await control<Payment>(t.emulator, 'POST', '/u2a', { uid: user.uid, amount: 3, memo: 'purchase', metadata: {} });
    await t.platform.approvePayment(u2a.identifier);
    await control(t.emulator, 'POST', `/payments/${u2a.identifier}/user-sign`, {});
    const a2u = await newA2U(t);
    for (const id of [u2a.identifier, a2u.identifier]) expect((await t.request('GET', `/api/payments/${id}`, { cookie: support })).status).toBe(200);
    await t.services.backgroundWrites.settled();

    const fresh = (await (await t.request('GET', '/api/overview', { cookie: support })).json()) as Record<string, unknown>;
    expect(fresh).toMatchObject({ stuckUserPayments: 1, approvedWithoutTransaction: 0, movingNow: 2, incompleteServerPayments: 1, stuckAfterMinutes: 10 });

    t.clock.advance(11 * 60_000);
    const later = (await (await t.request('GET', '/api/overview', { cookie: await t.signInAs('support') })).json()) as Record<string, unknown>;
    expect(later).toMatchObject({ approvedWithoutTransaction: 1 });

    const stale = (await (await t.request('GET', '/api/payments?state=awaiting_transaction&staleMinutes=10', { cookie: await t.signInAs('support') })).json()) as { payments: Array<{ identifier: string }> };
    expect(stale.payments.map((payment) => payment.identifier)).toEqual([a2u.identifier]);
  });

  it('is for signed-in staff only', async () => {
    expect((await t.request('GET', '/api/overview')).status).toBe(401);
  });
});
