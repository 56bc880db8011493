import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../../bff/src/events/event-log.ts';
import { WalletHistoryStore } from '../../../bff/src/reconciliation/wallet-history-store.ts';
import { createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { tamper } from '../audit/audit-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { loggedEvents, loggedTypes, theEvent } from './support.ts';

/** The conditions the console finds by checking: each event once per occurrence, however often the periodic watch runs. */
describe.each(storeKinds)('detected events on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const watch = () => t.services.eventWatch.runOnce();
  const ofType = async (type: string) => (await loggedEvents(t.store.db)).filter((event) => event.type === type);

  it('records payment.stuck and incomplete.found once per payment', async () => {
    const user = await createUser(t.emulator);
    const payment = await t.platform.createPayment({ uid: user.uid, amount: '1', memo: 'never sent', metadata: {} });
    await t.services.paymentImporter.runAll([payment.identifier], 'ingest');
    await watch();
    expect((await theEvent(t.store.db, payment.identifier, 'incomplete.found')).data).toMatchObject({ identifier: payment.identifier, user_uid: user.uid, amount: '1', direction: 'app_to_user' });
    expect(await loggedTypes(t.store.db, payment.identifier)).toEqual(['incomplete.found']);

    t.clock.advance(11 * 60_000);
    await watch();
    await watch();
    expect(await loggedTypes(t.store.db, payment.identifier)).toEqual(['incomplete.found', 'payment.stuck']);
    expect((await theEvent(t.store.db, payment.identifier, 'payment.stuck')).data).toMatchObject({ identifier: payment.identifier, state: 'awaiting_transaction', transaction: null });
  });

  it('records wallet.low_balance when the available funds cross below the threshold, not while they stay below, and again after they went back above', async () => {
    const setThreshold = async (lowBalance: string) => {
      const response = await t.request('PUT', '/api/settings/wallet', { cookie: admin, body: { lowBalance } });
      expect(response.status, await response.text()).toBe(200);
    };
    await setThreshold('0.0000001');
    await watch();
    expect(await ofType('wallet.low_balance')).toEqual([]);
    await setThreshold('5000000000');
    expect(await t.services.wallet.recordLowBalance(t.clock.now())).toBe(true);
    await watch();
    const [first, ...rest] = await ofType('wallet.low_balance');
    expect(rest).toEqual([]);
    expect(first?.data).toMatchObject({ address: t.emulator.appWallet.address, lowBalanceThreshold: '5000000000.0000000', available: expect.stringMatching(/^-?\d+\.\d{7}$/) });
    await setThreshold('0.0000001');
    await watch();
    await setThreshold('5000000000');
    await watch();
    expect(await ofType('wallet.low_balance')).toHaveLength(2);
  });

  it('records reconciliation.exception_opened once per exception, with the exception as it opened', async () => {
    const store = new WalletHistoryStore(t.store.db, { soleProcess: true });
    const found = { kind: 'unmatched_inflow' as const, subject: 'tx-of-nobody', txHash: 'ab'.repeat(32), amountStroops: 12_500_000n, counterparty: 'GSOMEONE', paymentId: null, rewardId: null, detail: 'Money came in that no payment explains.' };
    expect(await store.recordExceptions([found], t.clock.now())).toBe(1);
    expect(await store.recordExceptions([found], t.clock.now())).toBe(0);
    const [opened, ...again] = await ofType('reconciliation.exception_opened');
    expect(again).toEqual([]);
    expect(opened?.data).toMatchObject({ kind: 'unmatched_inflow', state: 'open', txHash: 'ab'.repeat(32), amount: '1.2500000', detail: found.detail });
  });

  it('records api_key.expiring once per key and expiry, 7 days before, without its secret', async () => {
    const soon = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString();
    const later = new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString();
    const expiring = await t.request('POST', '/api/api-keys', { cookie: admin, body: { name: 'expiring', scopes: ['rewards:read'], expiresAt: soon } });
    const { apiKey, secret } = (await expiring.json()) as { apiKey: { id: string }; secret: string };
    await t.request('POST', '/api/api-keys', { cookie: admin, body: { name: 'not yet', scopes: ['rewards:read'], expiresAt: later } });
    await watch();
    await watch();
    const [event, ...rest] = await ofType('api_key.expiring');
    expect(rest).toEqual([]);
    expect(event).toMatchObject({ subject: { kind: 'api_key', id: apiKey.id }, data: { id: apiKey.id, name: 'expiring', scopes: ['rewards:read'], expiresAt: soon } });
    expect(JSON.stringify(event?.data)).not.toContain(secret);
  });

  it('records audit.chain_broken once per break, found by the periodic verification or a staff member’s', async () => {
    await watch();
    expect(await ofType('audit.chain_broken')).toEqual([]);
    const [row] = await t.store.sql.rows<{ id: number }>('SELECT min(id) AS id FROM audit_events');
    await tamper(t.store, `UPDATE audit_events SET outcome = 'failed' WHERE id = ${row!.id}`);
    // The periodic walk runs at most once an hour.
    await watch();
    expect(await ofType('audit.chain_broken')).toEqual([]);
    t.clock.advance(61 * 60_000);
    await watch();
    expect((await t.request('GET', '/api/audit/verify', { cookie: await t.signInAs('admin') })).status).toBe(200);
    const [broken, ...again] = await ofType('audit.chain_broken');
    expect(again).toEqual([]);
    expect(broken?.data).toMatchObject({ firstBad: { id: Number(row!.id), problem: 'changed' }, message: expect.any(String) });
  });

  it('forgets events older than 30 days at the watch', async () => {
    await recordEvent(t.store.db, { type: 'batch.finished', subjectId: 'old-batch', data: {}, at: new Date(t.clock.now().getTime() - 31 * 86_400_000) });
    expect(await loggedTypes(t.store.db, 'old-batch')).toEqual(['batch.finished']);
    await watch();
    expect(await loggedTypes(t.store.db, 'old-batch')).toEqual([]);
  });
});
