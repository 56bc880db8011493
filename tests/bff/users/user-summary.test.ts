import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../../support/test-store.ts';
import { newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Summary {
  uid: string;
  walletAddress: string | null;
  totals: Array<{ direction: string; state: string; count: number; amount: string }>;
  blocking: Array<{ identifier: string; state: string }>;
  staffActions: Array<{ action: string; target: string; outcome: string; actor: { email: string } | null; subject: unknown }>;
}

describe.each(storeKinds)('a user page on %s', (kind) => {
  let t: TestApp;
  let support: string;
  let ops: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    support = await t.signInAs('support');
    ops = await t.signInAs('ops');
  });
  afterAll(() => t.close());

  async function summaryOf(uid: string): Promise<Summary> {
    const response = await t.request('GET', `/api/users/${encodeURIComponent(uid)}`, { cookie: support });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Summary;
  }

  it('gives the wallet, totals by direction and state, the blocking payment, and staff actions newest first', async () => {
    const payment = await newA2U(t, { amount: '2.5' });
    await t.services.paymentIndex.record([payment], 'console');

    const before = await summaryOf(payment.user_uid);
    expect(before.walletAddress).toBe(payment.to_address);
    expect(before.totals).toEqual([{ direction: 'app_to_user', state: payment.status.developer_approved ? 'awaiting_transaction' : 'awaiting_approval', count: 1, amount: '2.5' }]);
    expect(before.blocking.map((blocking) => blocking.identifier)).toEqual([payment.identifier]);
    expect(before.staffActions).toEqual([]);

    const cancel = await t.request('POST', `/api/payments/${payment.identifier}/cancel`, { cookie: ops, body: { reason: 'ticket 7' } });
    expect(cancel.status).toBe(200);

    const after = await summaryOf(payment.user_uid);
    expect(after.blocking).toEqual([]);
    expect(after.totals).toEqual([{ direction: 'app_to_user', state: 'cancelled', count: 1, amount: '2.5' }]);
    // As the audit log has them, with the names their sentences need.
    const subject = { kind: 'payment', uid: payment.user_uid, userNames: null, amount: '2.5', direction: 'app_to_user' };
    expect(after.staffActions.map(({ action, outcome, actor, subject }) => ({ action, outcome, actor: actor?.email, subject }))).toEqual([
      { action: 'payment.cancel', outcome: 'ok', actor: 'ops@sandbox.local', subject },
      { action: 'payment.cancel.requested', outcome: 'ok', actor: 'ops@sandbox.local', subject },
    ]);
  });

  it('answers for a uid the console has never seen, with nothing in it', async () => {
    expect(await summaryOf('nobody@example')).toEqual({ uid: 'nobody@example', userNames: null, walletAddress: null, totals: [], blocking: [], staffActions: [] });
  });
});
