import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedAmount } from '../../../common/amount.ts';
import type { ExceptionView } from '../../../bff/src/reconciliation/exception-view.ts';
import type { RollForward } from '../../../bff/src/reconciliation/roll-forward.ts';
import { payAppWallet, payFromAppWallet } from '../../support/chain-transactions.ts';
import { nativeBalance, stroops } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createUser, failedOutflow, paidOutsideConsole } from './out-of-band.ts';

/** Reconciliation through its routes: ops run it and work the exceptions, everyone reads them and the roll-forward. */
describe.each(storeKinds)('the reconciliation routes on %s', (kind) => {
  let t: TestApp;
  let support: string;
  let ops: string;
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const summary = async (query = '') => json<RollForward>(await t.request('GET', `/api/reconciliation/summary${query}`, { cookie: support }));

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [support, ops] = await Promise.all([t.signInAs('support'), t.signInAs('ops')]);
  });
  afterAll(() => t.close());

  it('runs for ops, not for support, and answers when done', async () => {
    expect((await t.request('POST', '/api/reconciliation/run', { cookie: support })).status).toBe(403);
    expect(await json(await t.request('POST', '/api/reconciliation/run', { cookie: ops }))).toEqual({ transactionsRead: 0, exceptionsFound: 0 });
  });

  it('rolls the balance forward to the stroop, failed transactions’ fees included', async () => {
    const start = await summary();
    const user = await createUser(t.emulator);
    await payAppWallet(t.emulator, user, { amount: '5.25', memo: 'top-up' });
    await paidOutsideConsole(t, user, '1.5');
    await payFromAppWallet(t.emulator, { to: user.wallet_address, amount: '0.0000001', memo: 'dust' });
    await failedOutflow(t, user);
    expect(await json(await t.request('POST', '/api/reconciliation/run', { cookie: ops }))).toEqual({ transactionsRead: 4, exceptionsFound: 2 });

    const balance = await nativeBalance(t.emulator, t.emulator.appWallet.address);
    const all = await summary();
    expect(all).toEqual({ from: null, to: null, opening: start.opening, incoming: '5.2500000', outgoing: '1.5000001', fees: '0.0300000', closing: fixedAmount(stroops(balance)), chainBalance: fixedAmount(stroops(balance)), difference: '0.0000000' });

    // A period after everything: it opens where the whole history closes, and moves nothing.
    const later = await summary(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(later).toMatchObject({ opening: all.closing, incoming: '0.0000000', outgoing: '0.0000000', fees: '0.0000000', closing: all.closing, difference: '0.0000000' });
    // A period before everything: nothing moved, and the chain's balance then was the opening.
    const earlier = await summary(`?to=2000-01-01`);
    expect(earlier).toMatchObject({ opening: start.opening, closing: start.opening, chainBalance: start.opening, difference: '0.0000000' });
  });

  it('lists the exceptions by kind and state, pages them, exports them, and moves them open → acknowledged → resolved, audited', async () => {
    const { exceptions } = await json<{ exceptions: ExceptionView[] }>(await t.request('GET', '/api/reconciliation/exceptions', { cookie: support }));
    expect(exceptions.map((exception) => exception.kind).sort()).toEqual(['unmatched_inflow', 'unmatched_outflow']);
    const outflow = exceptions.find((exception) => exception.kind === 'unmatched_outflow');
    expect(outflow).toMatchObject({ state: 'open', amount: '0.0000001', paymentId: null, acknowledged: null, resolved: null });
    // Its transaction, linked to Horizon's record of it.
    expect(outflow?.transactionLink).toMatch(new RegExp(`^https?://.+/transactions/${outflow?.txHash ?? 'none'}$`));

    const first = await json<{ exceptions: ExceptionView[]; nextCursor: string }>(await t.request('GET', '/api/reconciliation/exceptions?limit=1', { cookie: support }));
    const second = await json<{ exceptions: ExceptionView[]; nextCursor: string | null }>(await t.request('GET', `/api/reconciliation/exceptions?limit=1&cursor=${first.nextCursor}`, { cookie: support }));
    expect([...first.exceptions, ...second.exceptions].map((exception) => exception.id)).toEqual(exceptions.map((exception) => exception.id));
    expect(second.nextCursor).toBeNull();

    const path = `/api/reconciliation/exceptions/${outflow!.id}`;
    expect((await t.request('POST', `${path}/acknowledge`, { cookie: support, body: { note: 'mine' } })).status).toBe(403);
    expect((await t.request('POST', `${path}/acknowledge`, { cookie: ops, body: { note: ' ' } })).status).toBe(400);
    const acknowledged = await json<{ exception: ExceptionView }>(await t.request('POST', `${path}/acknowledge`, { cookie: ops, body: { note: 'an old script; stopped' } }));
    expect(acknowledged.exception).toMatchObject({ state: 'acknowledged', note: 'an old script; stopped', acknowledged: { by: 'ops@sandbox.local' } });
    const again = await t.request('POST', `${path}/acknowledge`, { cookie: ops, body: { note: 'twice' } });
    expect(((await json<{ error: { code: string } }>(again, 409)).error.code)).toBe('exception_not_open');
    const resolved = await json<{ exception: ExceptionView }>(await t.request('POST', `${path}/resolve`, { cookie: ops, body: {} }));
    expect(resolved.exception).toMatchObject({ state: 'resolved', note: 'an old script; stopped', resolved: { by: 'ops@sandbox.local' } });
    expect((await t.request('POST', '/api/reconciliation/exceptions/00000000-0000-4000-8000-000000000000/resolve', { cookie: ops, body: {} })).status).toBe(404);

    const open = await json<{ exceptions: ExceptionView[] }>(await t.request('GET', '/api/reconciliation/exceptions?state=open,acknowledged', { cookie: support }));
    expect(open.exceptions.map((exception) => exception.kind)).toEqual(['unmatched_inflow']);
    const byKind = await json<{ exceptions: ExceptionView[] }>(await t.request('GET', '/api/reconciliation/exceptions?kind=unmatched_outflow', { cookie: support }));
    expect(byKind.exceptions.map((exception) => exception.state)).toEqual(['resolved']);
    expect((await t.request('GET', '/api/reconciliation/exceptions?kind=nonsense', { cookie: support })).status).toBe(400);

    const csv = await t.request('GET', '/api/reconciliation/exceptions/export.csv?state=resolved', { cookie: support });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,kind,state,first_seen_at,tx_hash,amount,/);
    expect(lines.slice(1)).toEqual([expect.stringContaining(`${outflow!.id},unmatched_outflow,resolved,`)]);

    const audited = await t.store.sql.rows<{ action: string; outcome: string }>(
      `SELECT action, outcome FROM audit_events WHERE action LIKE 'reconciliation.%' ORDER BY id`,
    );
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'reconciliation.run', outcome: 'ok' },
        { action: 'reconciliation.exception.acknowledge', outcome: 'ok' },
        { action: 'reconciliation.exception.acknowledge', outcome: 'refused' },
        { action: 'reconciliation.exception.resolve', outcome: 'ok' },
        { action: 'reconciliation.exceptions.export', outcome: 'ok' },
      ]),
    );
  });
});
