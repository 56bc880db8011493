import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicRefund } from '../../../bff/src/public-api/refund-schemas.ts';
import { completedU2A, createUser, ledgerTransactions } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { callV1, createApiKey, v1ErrorOf, type TestApiKey } from '../support/api-keys.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { UNFINISHED_STATES } from '../../../bff/src/rewards/reward-row.ts';

const UNFINISHED: readonly string[] = UNFINISHED_STATES;

/** Refunds and the app's names of its users through the public API, against the emulator: what an app's backend meets. */
describe.each(storeKinds)('/v1/refunds and /v1/users on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let refunder: TestApiKey;
  let namer: TestApiKey;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    admin = await t.signInAs('admin');
    refunder = await createApiKey(t, admin, ['refunds:write'], 'shop backend');
    namer = await createApiKey(t, admin, ['users:write'], 'profile sync');
  });
  afterAll(() => t.close());

  const refund = (body: unknown, idempotencyKey = `v1-refund-${kind}-${++keys}`, key = refunder) => callV1(t, 'POST', '/v1/refunds', { key, body, headers: { 'idempotency-key': idempotencyKey } });
  const refundOf = async (response: Response) => ((await response.json()) as { refund: PublicRefund }).refund;
  const settled = async (id: string): Promise<PublicRefund> => {
    for (;;) {
      const found = await refundOf(await callV1(t, 'GET', `/v1/refunds/${id}`, { key: refunder }));
      if (!UNFINISHED.includes(found.state)) return found;
      await t.services.rewardWorker.tick();
      await t.services.rewardWorker.idle();
    }
  };

  it('refunds a completed user-to-app payment in parts to its payer, once each, never more than it was', async () => {
    const user = await createUser(t.emulator);
    const payment = await completedU2A(t.emulator, user.uid, 5);
    const ledgerBefore = (await ledgerTransactions(t.emulator)).length;

    const first = await refund({ paymentId: payment.identifier, amount: '2', memo: 'damaged item' }, 'refund-once');
    expect(first.status).toBe(201);
    const paid = await settled((await refundOf(first)).id);
    expect(paid).toMatchObject({ state: 'completed', uid: user.uid, amount: '2', memo: 'damaged item', refundOf: payment.identifier });
    const again = await refund({ paymentId: payment.identifier, amount: '2', memo: 'damaged item' }, 'refund-once');
    expect(again.status).toBe(200);
    expect((await refundOf(again)).id).toBe(paid.id);

    const rest = await refund({ paymentId: payment.identifier, amount: '3' });
    const restPaid = await settled((await refundOf(rest)).id);
    expect(restPaid.state).toBe('completed');
    const over = await refund({ paymentId: payment.identifier, amount: '0.0000001' });
    expect(over.status).toBe(422);
    expect(await v1ErrorOf(over)).toMatchObject({ code: 'over_refundable', details: expect.objectContaining({ remaining: '0' }) });

    const onLedger = (await ledgerTransactions(t.emulator)).slice(ledgerBefore).filter((tx) => tx.successful && tx.destination === user.wallet_address);
    expect(onLedger.map((tx) => tx.hash).sort()).toEqual([paid.txid, restPaid.txid].sort());
    expect(onLedger.map((tx) => tx.amount).sort()).toEqual(['2.0000000', '3.0000000']);
    const rows = await t.store.sql.rows<{ actor_role: string; details: { keyCreatedBy?: string } }>(`SELECT actor_role, details FROM audit_events WHERE action = 'reward.request' AND target = 'reward:${paid.id}'`);
    expect(rows).toEqual([expect.objectContaining({ actor_role: 'api_key', details: expect.objectContaining({ keyCreatedBy: 'admin@sandbox.local' }) })]);
  });

  it('refuses in words a refund of a payment that is unknown or app-to-user, and a key without the scope', async () => {
    const unknown = await refund({ paymentId: 'nosuchpayment000000000000000', amount: '1' });
    expect(unknown.status).toBe(404);
    const { uid } = await createUser(t.emulator);
    const paid = await callV1(t, 'POST', '/v1/rewards', { key: await createApiKey(t, admin, ['rewards:write']), body: { uid, amount: '1', memo: 'a reward' }, headers: { 'idempotency-key': `a2u-${kind}` } });
    const a2u = ((await paid.json()) as { reward: { paymentId: string } }).reward.paymentId;
    const refused = await refund({ paymentId: a2u, amount: '1' });
    expect(refused.status).toBe(422);
    expect(await v1ErrorOf(refused)).toMatchObject({ code: 'not_user_to_app' });
    const wrongScope = await refund({ paymentId: a2u, amount: '1' }, 'wrong-scope', namer);
    expect(await v1ErrorOf(wrongScope)).toMatchObject({ code: 'missing_scope', details: { needs: 'refunds:write' } });
  });

  it("records the app's names of its users, one or many, and staff see them", async () => {
    const [one, two] = [await createUser(t.emulator), await createUser(t.emulator)];
    const put = await callV1(t, 'PUT', `/v1/users/${one.uid}`, { key: namer, body: { username: 'ada', displayName: 'Ada Lovelace' } });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ user: { uid: one.uid, username: 'ada', displayName: 'Ada Lovelace', setAt: expect.any(String) } });
    const many = await callV1(t, 'POST', '/v1/users', { key: namer, body: { users: [{ uid: two.uid, username: 'grace', displayName: null }, { uid: one.uid, username: 'ada', displayName: 'Countess Ada' }] } });
    expect(await many.json()).toEqual({ count: 2 });
    const repeated = await callV1(t, 'POST', '/v1/users', { key: namer, body: { users: [{ uid: two.uid, username: 'a' }, { uid: two.uid, username: 'b' }] } });
    expect(repeated.status).toBe(400);
    expect(await v1ErrorOf(repeated)).toMatchObject({ code: 'invalid_input', field: 'users.1.uid' });
    const seen = (await (await t.request('GET', `/api/users/${one.uid}`, { cookie: await t.signInAs('support') })).json()) as { userNames: unknown };
    expect(seen.userNames).toEqual({ username: 'ada', displayName: 'Countess Ada' });
  });
});
