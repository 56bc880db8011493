import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppChain, type AppChain } from '../../../bff/src/app/app-chain.ts';
import type { AccountPayment } from '../../../bff/src/chain/horizon-client.ts';
import { PaymentChecks } from '../../../bff/src/reconciliation/payment-checks.ts';
import type { ReconciliationChain } from '../../../bff/src/reconciliation/reconciliation-chain.ts';
import { ReconciliationRunner } from '../../../bff/src/reconciliation/reconciliation-runner.ts';
import { LeaseLost, WalletHistoryStore } from '../../../bff/src/reconciliation/wallet-history-store.ts';
import { WalletMovements } from '../../../bff/src/reconciliation/wallet-movements.ts';
import { rowsOf } from '../../../bff/src/store/result-rows.ts';
import { payFromAppWallet } from '../../support/chain-transactions.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createUser } from './out-of-band.ts';

/** A run stopped mid-way, or a runner that lost its lease, loses nothing and duplicates nothing. */
describe.each(storeKinds)('a reconciliation run cut short on %s', (kind) => {
  let t: TestApp;
  let chain: AppChain;
  const count = async (table: 'wallet_transactions' | 'reconciliation_exceptions') =>
    rowsOf<{ n: number }>(await t.store.db.execute(sql`SELECT count(*)::int AS n, count(DISTINCT ${sql.raw(table === 'wallet_transactions' ? 'hash' : 'subject')})::int AS d FROM ${sql.raw(table)}`))[0];

  /** The wallet on the chain, failing its `failAt`-th page read (1-based) when asked to. */
  const chainFailingAt = (failAt: number): ReconciliationChain => {
    let reads = 0;
    return {
      address: chain.wallet.address,
      account: () => chain.wallet.account(),
      paymentsAfter: async (cursor: string | null, limit: number): Promise<AccountPayment[]> => {
        reads += 1;
        if (reads === failAt) throw new Error('Horizon went away');
        return chain.wallet.paymentsAfter(cursor, limit);
      },
    };
  };
  const runner = (instanceId: string, walletChain: ReconciliationChain) =>
    new ReconciliationRunner({
      chain: walletChain,
      store: new WalletHistoryStore(t.store.db),
      checks: new PaymentChecks(t.store.db),
      movements: new WalletMovements(t.store.db),
      importer: t.services.paymentImporter,
      clock: t.clock,
      instanceId,
      stuckAfterMinutes: 10,
      pageSize: 2,
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    chain = openAppChain({ horizonUrl: t.emulator.horizonUrl, walletSeed: t.emulator.appWallet.seed, timeoutMs: 2_000 });
    const user = await createUser(t.emulator);
    for (let i = 0; i < 5; i++) await payFromAppWallet(t.emulator, { to: user.wallet_address, amount: '0.1', memo: `script ${i}` });
  });
  afterAll(async () => {
    await chain.close();
    await t.close();
  });

  it('keeps the pages recorded before the failure, and the next run reads on from there', async () => {
    await expect(runner('first', chainFailingAt(3)).run()).rejects.toThrow('Horizon went away');
    expect(await count('wallet_transactions')).toEqual({ n: 4, d: 4 });
    expect(await runner('second', chainFailingAt(0)).run()).toEqual({ transactionsRead: 1, exceptionsFound: 1 });
    expect(await count('wallet_transactions')).toEqual({ n: 5, d: 5 });
    expect(await count('reconciliation_exceptions')).toEqual({ n: 5, d: 5 });
  });

  it('lets one runner read at a time; a runner killed with its lease is replaced when the lease ends, and cannot record after', async () => {
    const store = new WalletHistoryStore(t.store.db);
    const killed = await store.claim('killed');
    expect(killed).not.toBeNull();
    expect(await runner('other', chainFailingAt(0)).run()).toBeNull();

    await t.store.db.execute(sql`UPDATE reconciliation_cursor SET lease_until = now() - interval '1 second'`);
    expect(await runner('other', chainFailingAt(0)).run()).toEqual({ transactionsRead: 0, exceptionsFound: 0 });
    await expect(store.recordPage('killed', { rows: [], exceptions: [] }, '1', t.clock.now())).rejects.toBeInstanceOf(LeaseLost);
    const [cursor] = rowsOf<{ paging_token: string | null }>(await t.store.db.execute(sql`SELECT paging_token FROM reconciliation_cursor`));
    expect(cursor?.paging_token).not.toBe('1');
  });
});
