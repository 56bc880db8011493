import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../bff/src/store/result-rows.ts';
import { payAppWallet, payFromAppWallet } from '../../support/chain-transactions.ts';
import { control, nativeBalance, stroops } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { completedOffChain, createUser, failedOutflow, paidOtherwise, paidOutsideConsole, userPaidU2A } from './out-of-band.ts';

interface ExceptionRow {
  kind: string;
  tx_hash: string | null;
  payment_id: string | null;
  reward_id: string | null;
}

/** The wallet's chain history read back and tied to payments; what does not tie is flagged once. */
describe.each(storeKinds)('reconciliation runs on %s', (kind) => {
  let t: TestApp;
  const exceptions = async () => rowsOf<ExceptionRow>(await t.store.db.execute(sql`SELECT kind, tx_hash, payment_id, reward_id::text FROM reconciliation_exceptions ORDER BY kind, reward_id NULLS LAST`));
  const matchOf = async (hash: string) =>
    rowsOf<{ match_state: string; matched_payment_id: string | null; matched_reward_id: string | null; fee_stroops: string; successful: boolean }>(
      await t.store.db.execute(sql`SELECT match_state, matched_payment_id, matched_reward_id::text, fee_stroops::text, successful FROM wallet_transactions WHERE hash = ${hash} ORDER BY ledger_order`),
    );

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
  });
  afterAll(() => t.close());

  it('reads nothing from a wallet without history, and anchors its balance', async () => {
    expect(await t.services.reconciliation.runNow()).toEqual({ transactionsRead: 0, exceptionsFound: 0 });
  });

  it('matches the console’s rewards and the platform’s own flow, flags each out-of-band kind exactly once, and ties the balance', async () => {
    const manager = await t.signInAs('manager');
    const [rewarded, backend, doubled, short, intended, elsewhere, sender, buyer, offChain] = await Promise.all(Array.from({ length: 9 }, () => createUser(t.emulator)));
    const answer = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid: rewarded!.uid, amount: '2.5', memo: 'reconcile' }, headers: { 'idempotency-key': `recon-${kind}` } });
    const { reward } = (await answer.json()) as { reward: { id: string; state: string; paymentId: string; txid: string } };
    expect(reward.state).toBe('completed');

    // A second sender (an old script, a second backend) pays the console's reward again.
    const rewardAgain = await payFromAppWallet(t.emulator, { to: rewarded!.wallet_address, amount: '2.5', memo: reward.paymentId });
    const outside = await paidOutsideConsole(t, backend!, '1.5');
    const twice = await paidOutsideConsole(t, doubled!, '1');
    const again = await payFromAppWallet(t.emulator, { to: doubled!.wallet_address, amount: '1', memo: twice.payment.identifier });
    const unmatchedOut = await payFromAppWallet(t.emulator, { to: sender!.wallet_address, amount: '0.7', memo: 'old script' });
    const wrongAmount = await paidOtherwise(t, short!, '2', { amount: '2.5', to: short!.wallet_address });
    const wrongPlace = await paidOtherwise(t, intended!, '1', { amount: '1', to: elsewhere!.wallet_address });
    const topUp = await payAppWallet(t.emulator, sender!, { amount: '3', memo: 'top-up' });
    const u2a = await userPaidU2A(t, buyer!, '2');
    const missing = await completedOffChain(t, offChain!);
    const failed = await failedOutflow(t, sender!);

    const first = await t.services.reconciliation.runNow();
    expect(first).toEqual({ transactionsRead: 11, exceptionsFound: 7 });
    expect(await exceptions()).toEqual([
      { kind: 'amount_mismatch', tx_hash: expect.any(String), payment_id: wrongAmount.identifier, reward_id: null },
      { kind: 'destination_mismatch', tx_hash: expect.any(String), payment_id: wrongPlace.identifier, reward_id: null },
      { kind: 'double_payment', tx_hash: rewardAgain.hash, payment_id: reward.paymentId, reward_id: reward.id },
      { kind: 'double_payment', tx_hash: again.hash, payment_id: twice.payment.identifier, reward_id: null },
      { kind: 'missing_on_chain', tx_hash: missing.transaction?.txid, payment_id: missing.identifier, reward_id: null },
      { kind: 'unmatched_inflow', tx_hash: topUp.hash, payment_id: null, reward_id: null },
      { kind: 'unmatched_outflow', tx_hash: unmatchedOut.hash, payment_id: null, reward_id: null },
    ]);
    expect(await matchOf(reward.txid)).toMatchObject([{ match_state: 'console', matched_payment_id: reward.paymentId, matched_reward_id: reward.id }]);
    expect(await matchOf(outside.hash)).toMatchObject([{ match_state: 'outside_console', matched_payment_id: outside.payment.identifier, matched_reward_id: null }]);
    expect(await matchOf(twice.hash)).toMatchObject([{ match_state: 'outside_console' }]);
    expect(await matchOf(again.hash)).toMatchObject([{ match_state: 'duplicate', matched_payment_id: twice.payment.identifier }]);
    expect(await matchOf(u2a.hash)).toMatchObject([{ match_state: 'user_payment', matched_payment_id: u2a.paymentId, fee_stroops: '0' }]);
    expect(await matchOf(failed)).toMatchObject([{ match_state: 'failed', successful: false, fee_stroops: '100000' }]);

    expect(await t.services.reconciliation.runNow()).toEqual({ transactionsRead: 0, exceptionsFound: 0 });

    // Paid on the chain, still not completed once the stuck threshold has passed: flagged once.
    t.clock.advance(11 * 60_000);
    expect(await t.services.reconciliation.runNow()).toEqual({ transactionsRead: 0, exceptionsFound: 1 });
    expect((await exceptions()).filter((row) => row.kind === 'paid_not_completed')).toEqual([{ kind: 'paid_not_completed', tx_hash: u2a.hash, payment_id: u2a.paymentId, reward_id: null }]);
    expect(await t.services.reconciliation.runNow()).toEqual({ transactionsRead: 0, exceptionsFound: 0 });

    // The platform has the user's transaction: ops complete the payment from the exception in one click.
    await control(t.emulator, 'POST', `/payments/${u2a.paymentId}/user-sign`, { txid: u2a.hash });
    const stuck = rowsOf<{ id: string }>(await t.store.db.execute(sql`SELECT id::text FROM reconciliation_exceptions WHERE kind = 'paid_not_completed'`))[0];
    const ops = await t.signInAs('ops');
    const completed = await t.request('POST', `/api/reconciliation/exceptions/${stuck!.id}/complete-payment`, { cookie: ops });
    expect(completed.status, await completed.clone().text()).toBe(200);
    expect(await completed.json()).toMatchObject({ exception: { state: 'resolved', resolved: { by: 'ops@sandbox.local' } }, payment: { identifier: u2a.paymentId, state: 'completed' } });
    const notHere = rowsOf<{ id: string }>(await t.store.db.execute(sql`SELECT id::text FROM reconciliation_exceptions WHERE kind = 'unmatched_inflow'`))[0];
    expect((await t.request('POST', `/api/reconciliation/exceptions/${notHere!.id}/complete-payment`, { cookie: ops })).status).toBe(409);

    // The history read, from the balance before it, comes to the balance on the chain, to the stroop.
    const [anchor] = rowsOf<{ opening: string }>(await t.store.db.execute(sql`SELECT history_opening_stroops::text AS opening FROM reconciliation_cursor`));
    const net = rowsOf<{ net: string }>(
      await t.store.db.execute(sql`SELECT (
        (SELECT coalesce(sum(amount_stroops), 0) FROM wallet_transactions WHERE successful AND direction = 'in')
        - (SELECT coalesce(sum(amount_stroops), 0) FROM wallet_transactions WHERE successful AND direction = 'out')
        - (SELECT coalesce(sum(fee_stroops), 0) FROM (SELECT DISTINCT ON (hash) fee_stroops FROM wallet_transactions ORDER BY hash) f))::text AS net`),
    )[0];
    expect(BigInt(anchor!.opening) + BigInt(net!.net)).toBe(stroops(await nativeBalance(t.emulator, t.emulator.appWallet.address)));
  });
});
