import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IncompleteService } from '../../../bff/src/incomplete/incomplete-service.ts';
import { control } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { attachTransaction, errorOf, newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Item {
  listed: { identifier: string; transaction: unknown };
  current: { identifier: string; state: string } | null;
  plan: { action: string; reason: string };
  known: { firstSeenAt: string | null; staffActions: number };
}
type Line = { type: string; id?: string; result?: string; code?: string; note?: string; counts?: Record<string, number>; total?: number };

/** Clears for real: like the console's page, says `dryRun: false`. */
async function clearAs(t: TestApp, cookie: string, body: Record<string, unknown>): Promise<Line[]> {
  const response = await t.request('POST', '/api/incomplete/clear', { cookie, body: { dryRun: false, ...body } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.text()).trim().split('\n').map((line) => JSON.parse(line) as Line);
}

async function listedIds(t: TestApp): Promise<string[]> {
  return (await t.platform.listIncompleteServerPayments()).map((payment) => payment.identifier);
}

describe.each(storeKinds)('clearing incomplete server payments on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let support: string;

  const clear = (body: Record<string, unknown>) => clearAs(t, ops, body);
  const incompleteIds = () => listedIds(t);

  beforeAll(async () => {
    t = await createTestApp(kind);
    ops = await t.signInAs('ops');
    support = await t.signInAs('support');
  });
  beforeEach(async () => {
    await control(t.emulator, 'PUT', '/config', { incomplete_list: 'all', stale_incomplete_transactions: false });
    // Start each test with an empty list: complete or cancel whatever an earlier test left.
    await clear({});
  });
  afterAll(() => t.close());

  it('lists each incomplete payment with the fix that fits, decided on a fresh read', async () => {
    const noTx = await newA2U(t);
    const withTx = await newA2U(t);
    await attachTransaction(t, withTx.identifier);
    const response = await t.request('GET', '/api/incomplete', { cookie: support });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: Item[] };
    const byId = new Map(items.map((item) => [item.listed.identifier, item]));
    expect(byId.get(noTx.identifier)?.plan.action).toBe('cancel');
    expect(byId.get(withTx.identifier)?.plan).toMatchObject({ action: 'complete', reason: expect.stringContaining('complete the payment with its own txid') });
    expect(byId.get(noTx.identifier)?.known.firstSeenAt).not.toBeNull();
    expect((await t.request('POST', '/api/incomplete/clear', { cookie: support, body: { dryRun: true } })).status).toBe(403);
  });

  it('dry-runs without acting, then clears: one completed, one cancelled', async () => {
    const noTx = await newA2U(t);
    const withTx = await newA2U(t);
    await attachTransaction(t, withTx.identifier);
    const dry = await t.request('POST', '/api/incomplete/clear', { cookie: ops, body: { dryRun: true } });
    const plan = (await dry.json()) as { dryRun: true; items: Item[] };
    expect(plan.items.map((item) => [item.listed.identifier, item.plan.action])).toEqual(
      expect.arrayContaining([
        [noTx.identifier, 'cancel'],
        [withTx.identifier, 'complete'],
      ]),
    );
    expect(await incompleteIds()).toEqual(expect.arrayContaining([noTx.identifier, withTx.identifier]));

    const lines = await clear({ ids: [noTx.identifier, withTx.identifier] });
    expect(lines[0]).toEqual({ type: 'start', total: 2 });
    const results = Object.fromEntries(lines.filter((line) => line.type === 'result').map((line) => [line.id, line.result]));
    expect(results).toEqual({ [noTx.identifier]: 'cancelled', [withTx.identifier]: 'completed' });
    expect(lines.at(-1)).toEqual({ type: 'done', counts: { cancelled: 1, completed: 1 } });
    expect(await incompleteIds()).toEqual([]);
    const audited = await t.store.sql.rows<{ action: string }>(`SELECT action FROM audit_events WHERE target = 'payment:${withTx.identifier}' AND outcome = 'ok'`);
    expect(audited.map((row) => row.action)).toEqual(['payment.complete.requested', 'payment.complete']);
  });

  it('re-reads a stale listing that shows no transaction, and completes instead of cancelling', async () => {
    const payment = await newA2U(t);
    await attachTransaction(t, payment.identifier);
    await control(t.emulator, 'PUT', '/config', { stale_incomplete_transactions: true });
    const { items } = (await (await t.request('GET', '/api/incomplete', { cookie: ops })).json()) as { items: Item[] };
    const item = items.find((candidate) => candidate.listed.identifier === payment.identifier);
    expect(item?.listed.transaction).toBeNull();
    expect(item?.plan.action).toBe('complete');
    const lines = await clear({ ids: [payment.identifier] });
    expect(lines.find((line) => line.id === payment.identifier)?.result).toBe('completed');
  });

  it('with a latest-only listing, clears several payments one round at a time, each once', async () => {
    const payments = [await newA2U(t), await newA2U(t), await newA2U(t)];
    await control(t.emulator, 'PUT', '/config', { incomplete_list: 'latest_only' });
    const lines = await clear({});
    const results = lines.filter((line) => line.type === 'result');
    expect(results.map((line) => line.id).sort()).toEqual(payments.map((payment) => payment.identifier).sort());
    expect(results.every((line) => line.result === 'cancelled')).toBe(true);
    expect(await incompleteIds()).toEqual([]);
  });

  it('stops at the round bound, saying so', async () => {
    const payments = [await newA2U(t), await newA2U(t), await newA2U(t)];
    await control(t.emulator, 'PUT', '/config', { incomplete_list: 'latest_only' });
    const bounded = new IncompleteService({ db: t.store.db, platform: t.platform, index: t.services.paymentIndex, actions: t.services.paymentActions, audit: t.services.audit, knowledge: async () => new Map(), rewards: t.services.rewards, walletAddress: null, maxRounds: 2 });
    const results: Array<{ note: string } | { result: string }> = [];
    for await (const result of bounded.clear(undefined, { actor: null, clientIp: null, requestId: null }, 'cancel')) results.push(result);
    expect(results.filter((result) => 'result' in result)).toHaveLength(2);
    expect(results.at(-1)).toEqual({ note: 'Stopped after 2 rounds; list the incomplete payments again to go on.' });
    expect(await incompleteIds()).toHaveLength(payments.length - 2);
  });
});

describe.each(storeKinds)('incomplete payments that cannot be cleared yet, on %s', (kind) => {
  let t: TestApp;
  let ops: string;

  const clear = (body: Record<string, unknown>) => clearAs(t, ops, body);
  const incompleteIds = () => listedIds(t);

  beforeAll(async () => {
    t = await createTestApp(kind);
    ops = await t.signInAs('ops');
  });
  afterAll(() => t.close());

  it('skips a payment whose transaction is not verified, and shows payment_tx_present when a cancel is refused', async () => {
    const unverified = await newA2U(t);
    await attachTransaction(t, unverified.identifier, false);
    const lines = await clear({ ids: [unverified.identifier] });
    expect(lines.find((line) => line.id === unverified.identifier)).toMatchObject({ result: 'skipped' });

    const cancelRefused = await t.request('POST', `/api/payments/${unverified.identifier}/cancel`, { cookie: ops, body: { reason: 'try anyway' } });
    expect((await errorOf(cancelRefused)).code).toBe('payment_tx_present');
    expect(await incompleteIds()).toContain(unverified.identifier);
  });

  it('stops, never acting twice, when the platform keeps listing a handled payment', async () => {
    const unverified = await newA2U(t);
    await attachTransaction(t, unverified.identifier, false);
    await control(t.emulator, 'PUT', '/config', { incomplete_list: 'latest_only' });
    const lines = await clear({});
    expect(lines.filter((line) => line.type === 'result')).toHaveLength(1);
    expect(lines.find((line) => line.type === 'result')).toMatchObject({ id: unverified.identifier, result: 'skipped' });
  });

});
