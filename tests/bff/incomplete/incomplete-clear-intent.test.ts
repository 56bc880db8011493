import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../../bff/src/platform/schemas.ts';
import { storeKinds } from '../../support/test-store.ts';
import { actionTraces } from '../support/action-traces.ts';
import { errorOf, newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Plan {
  dryRun: true;
  items: Array<{ listed: { identifier: string }; plan: { action: string } }>;
}

/**
 * Issue 28: a clearing moves money only when it says so, in JSON. With the emulator's app wallet, an
 * A2U payment without a transaction is one the console could pay: clearing it for real pays the user.
 */
describe.each(storeKinds)('a clearing that does not say it clears, on %s', (kind) => {
  let t: TestApp;
  let ops: string;
  let unpaid: Payment[];

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    ops = await t.signInAs('ops');
    unpaid = [await newA2U(t), await newA2U(t)];
  });
  afterAll(() => t.close());

  const incompleteIds = async () => (await t.platform.listIncompleteServerPayments()).map((payment) => payment.identifier).sort();
  const idsOf = (payments: Payment[]) => payments.map((payment) => payment.identifier);

  /** What shows a payment paid or cleared: the emulator's payments and ledger, the console's rewards, and what is still incomplete. */
  const money = async () => {
    const { emulatorPayments, ledgerTransactions, rewards } = await actionTraces(t);
    return { emulatorPayments, ledgerTransactions, rewards, incomplete: await incompleteIds() };
  };

  it.each([
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
    ['text/plain', 'text/plain'],
    ['no Content-Type', null],
  ])('refuses {"dryRun":true,"ids":[…]} sent as %s with 415, and clears and pays nothing (the reproduction)', async (_label, contentType) => {
    const before = { money: await money(), traces: await actionTraces(t) };
    expect(before.money.incomplete).toEqual(expect.arrayContaining(idsOf(unpaid)));
    const response = await t.app.request('/api/incomplete/clear', {
      method: 'POST',
      headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie: ops, ...(contentType ? { 'content-type': contentType } : {}) },
      // curl -d sends the text as it is, labelled as a form.
      body: new TextEncoder().encode(JSON.stringify({ dryRun: true, ids: idsOf(unpaid) })),
    });
    expect(response.status).toBe(415);
    expect(await errorOf(response)).toMatchObject({ code: 'unsupported_media_type', message: expect.stringContaining('application/json') });
    expect({ money: await money(), traces: await actionTraces(t) }).toEqual(before);
  });

  it('answers the dry run to a JSON body that does not say dryRun, and changes nothing', async () => {
    const before = await money();
    const response = await t.request('POST', '/api/incomplete/clear', { cookie: ops, body: { ids: idsOf(unpaid) } });
    expect(response.status).toBe(200);
    const plan = (await response.json()) as Plan;
    expect(plan.dryRun).toBe(true);
    expect(plan.items.map((item) => [item.listed.identifier, item.plan.action]).sort()).toEqual(idsOf(unpaid).map((id) => [id, 'submit_and_complete']).sort());
    expect(await money()).toEqual(before);
  });

  it('cancels instead of paying when a clearing does not say unpaid', async () => {
    const before = await money();
    const response = await t.request('POST', '/api/incomplete/clear', { cookie: ops, body: { dryRun: false, ids: idsOf(unpaid) } });
    expect(response.status).toBe(200);
    const results = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; id?: string; result?: string })
      .filter((line) => line.type === 'result');
    expect(results.map((line) => [line.id, line.result]).sort()).toEqual(idsOf(unpaid).map((id) => [id, 'cancelled']).sort());
    const after = await money();
    expect(after).toMatchObject({ ledgerTransactions: before.ledgerTransactions, rewards: before.rewards });
    expect(after.incomplete.filter((id) => idsOf(unpaid).includes(id))).toEqual([]);
  });
});
