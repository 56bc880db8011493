// Reconciliation at scale: a wallet history of 100,000 payment operations reconciled within 60 s on
// PGlite. Baseline, measured in the same run: reading the same pages from Horizon alone, through the
// same client, with nothing recorded. Horizon is a synthetic one serving the history from memory
// (bench/support/synthetic-horizon.ts): the emulator takes one submission per transaction, far too
// slow to build such a history in a benchmark's setup.
//
// The history: 80 % payments out for A2U payments the index holds (completed, with that txid), 10 %
// money in naming no payment, 5 % money out naming none, 5 % failed transactions out. Every page is
// matched against the index and the console's rewards; the run then looks for completed payments
// missing on the chain over the whole index.
//
//   npm run bench -- --only reconciliation [--count 100000] [--store pglite|postgres|both]
import { Keypair } from '@stellar/stellar-base';
import { systemClock } from '../bff/src/clock.ts';
import { HorizonClient } from '../bff/src/chain/horizon-client.ts';
import type { PaymentImporter } from '../bff/src/payments/payment-import.ts';
import { PaymentChecks } from '../bff/src/reconciliation/payment-checks.ts';
import { PAGE_SIZE, ReconciliationRunner } from '../bff/src/reconciliation/reconciliation-runner.ts';
import { WalletHistoryStore } from '../bff/src/reconciliation/wallet-history-store.ts';
import { WalletMovements } from '../bff/src/reconciliation/wallet-movements.ts';
import { HorizonWallet } from '../bff/src/wallet/horizon-wallet.ts';
import { openBenchStore } from './support/bench-store.ts';
import { readOptions, type StoreKind } from './support/options.ts';
import { machine, printTable, ratio } from './support/stats.ts';
import { startSyntheticHorizon, type SyntheticPayment } from './support/synthetic-horizon.ts';

const TARGET_SECONDS = 60;
const options = readOptions({ requests: 1, count: 100_000 });
const wallet = Keypair.random().publicKey();
const user = Keypair.random().publicKey();

const paymentId = (i: number) => `P${String(i).padStart(27, '0')}`;
const hashOf = (i: number) => i.toString(16).padStart(64, '0');
/** Which operations pay an indexed payment (and which share of the mix each kind is). */
const paysIndexed = (i: number) => i % 20 >= 4;

function history(count: number): SyntheticPayment[] {
  return Array.from({ length: count }, (_, i) => {
    const slot = i % 20;
    const incoming = slot < 2;
    const memo = paysIndexed(i) || slot === 3 ? paymentId(i) : undefined;
    return {
      paging_token: String((BigInt(i + 2) << 32n) | 4097n),
      type: 'payment',
      transaction_hash: hashOf(i),
      transaction_successful: slot !== 3,
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 5_000).toISOString(),
      asset_type: 'native',
      from: incoming ? user : wallet,
      to: incoming ? wallet : user,
      amount: '0.1000000',
      transaction: { ledger: i + 2, fee_charged: '100000', memo_type: memo ? 'text' : 'none', ...(memo ? { memo } : {}), source_account: incoming ? user : wallet },
    };
  });
}

/** The index holds the A2U payments the history pays, completed with their transactions. */
const FILL_INDEX = `
  INSERT INTO payments (id, direction, user_uid, amount, memo, metadata, from_address, to_address, network, created_at,
    developer_approved, transaction_verified, developer_completed, cancelled, user_cancelled, state, txid, tx_verified, tx_link,
    search_text, first_seen_at, last_changed_at)
  SELECT 'P' || lpad(i::text, 27, '0'), 'app_to_user', 'user', 0.1, 'bench', '{}', $1, $2, 'Bench Network', now() - interval '2 days',
    true, true, true, false, false, 'completed', lpad(to_hex(i), 64, '0'), true, null, '', now() - interval '2 days', now() - interval '2 days'
  FROM generate_series(0, $3::int - 1) AS i WHERE i % 20 >= 4`;

async function readAlone(horizon: HorizonClient): Promise<number> {
  let cursor: string | undefined;
  let read = 0;
  for (;;) {
    const page = await horizon.accountPayments(wallet, { order: 'asc', limit: PAGE_SIZE, cursor });
    read += page.length;
    cursor = page.at(-1)?.pagingToken;
    if (page.length < PAGE_SIZE) return read;
  }
}

async function measure(kind: StoreKind, url: string): Promise<string[]> {
  const bench = await openBenchStore(kind, { count: options.count, keep: false });
  const horizon = new HorizonClient({ baseUrl: url, timeoutMs: 30_000 });
  try {
    await bench.query(FILL_INDEX, [wallet, user, options.count]);
    await bench.query('ANALYZE payments');
    const readStarted = performance.now();
    const read = await readAlone(horizon);
    const readSeconds = (performance.now() - readStarted) / 1000;
    const { db } = bench.store;
    const runner = new ReconciliationRunner({
      chain: new HorizonWallet({ horizon, horizonUrl: url, address: wallet }),
      store: new WalletHistoryStore(db),
      checks: new PaymentChecks(db),
      movements: new WalletMovements(db),
      // Every memo names a payment the index holds, or none: the platform is never asked.
      importer: {} as PaymentImporter,
      clock: systemClock,
      instanceId: 'bench',
      stuckAfterMinutes: 10,
    });
    const runStarted = performance.now();
    const result = await runner.run();
    const runSeconds = (performance.now() - runStarted) / 1000;
    if (result?.transactionsRead !== read) throw new Error(`the run read ${result?.transactionsRead ?? 'nothing'}, Horizon lists ${read}`);
    const verdict = kind === 'pglite' ? (runSeconds <= TARGET_SECONDS ? 'yes' : 'NO') : '-';
    return [kind, read.toLocaleString('en-US'), String(result.exceptionsFound), readSeconds.toFixed(1), runSeconds.toFixed(1), ratio(runSeconds, readSeconds), verdict];
  } finally {
    await horizon.close();
    await bench.close();
  }
}

const synthetic = await startSyntheticHorizon(wallet, history(options.count), '1000000.0000000');
try {
  const rows: string[][] = [];
  for (const kind of options.stores) rows.push(await measure(kind, synthetic.url));
  console.log(`Reconciliation of ${options.count.toLocaleString('en-US')} wallet payment operations (${machine()})`);
  printTable(['store', 'operations', 'exceptions', 'Horizon alone (s)', 'reconciled (s)', 'ratio', `within ${TARGET_SECONDS} s`], rows);
} finally {
  await synthetic.close();
}
