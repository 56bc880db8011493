import type { RunningEmulator } from '../../emulator/src/emulator.ts';
import { ledgerTransactions, nativeBalance, stroops } from './emulator-control.ts';

/** Native balances in stroops, by account, read through Horizon (20 at a time). */
export async function nativeBalances(emulator: RunningEmulator, accounts: readonly string[]): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  for (let i = 0; i < accounts.length; i += 20) {
    const some = accounts.slice(i, i + 20);
    const read = await Promise.all(some.map((account) => nativeBalance(emulator, account)));
    some.forEach((account, j) => balances.set(account, stroops(read[j] ?? '0')));
  }
  return balances;
}

/** The emulator's ledger before money moves: how many transactions it holds, and the app wallet's and the users' balances. */
export interface LedgerSnapshot {
  transactions: number;
  balances: Map<string, bigint>;
}

export async function ledgerSnapshot(emulator: RunningEmulator, users: ReadonlyArray<{ wallet_address: string }>): Promise<LedgerSnapshot> {
  const transactions = (await ledgerTransactions(emulator)).length;
  const balances = await nativeBalances(emulator, [emulator.appWallet.address, ...users.map((user) => user.wallet_address)]);
  return { transactions, balances };
}

/**
 * What one user should have received since the snapshot: the transaction that paid them (null: none) and
 * its amount. A user paid more than once (refunds of one payment) has one entry for each payment.
 */
export interface ExpectedPayment {
  /** Names the user in a discrepancy (e.g. "line 7, uid …"). */
  label: string;
  wallet_address: string;
  txid: string | null;
  amount: string;
}

/**
 * The emulator's ledger since `before` against what should have been paid: each user's successful
 * payments are exactly the expected transaction (or none), each balance moved by exactly the amount,
 * the app wallet paid no one else and moved by the amounts and the fees of its transactions. Answers
 * each discrepancy in words, naming the user and the hashes; none when the money moved exactly once.
 */
export async function ledgerDiscrepancies(emulator: RunningEmulator, before: LedgerSnapshot, expected: readonly ExpectedPayment[]): Promise<string[]> {
  const app = emulator.appWallet.address;
  const since = (await ledgerTransactions(emulator)).slice(before.transactions);
  const now = await nativeBalances(emulator, [app, ...expected.map((user) => user.wallet_address)]);
  const moved = (account: string) => (now.get(account) ?? 0n) - (before.balances.get(account) ?? 0n);
  const problems: string[] = [];
  for (const wallet of new Set(expected.map((user) => user.wallet_address))) {
    const payments = expected.filter((user) => user.wallet_address === wallet);
    const label = payments.map((user) => user.label).join(', ');
    const paid = since.filter((tx) => tx.successful && tx.destination === wallet).map((tx) => tx.hash).sort();
    const wanted = payments.flatMap((user) => (user.txid === null ? [] : [user.txid])).sort();
    if (paid.join() !== wanted.join()) problems.push(`${label}: paid by ${JSON.stringify(paid)} on the ledger, expected ${JSON.stringify(wanted)}`);
    const amount = payments.reduce((sum, user) => sum + (user.txid === null ? 0n : stroops(user.amount)), 0n);
    if (moved(wallet) !== amount) problems.push(`${label}: balance moved by ${moved(wallet)} stroops, expected ${amount}`);
  }
  const fromApp = since.filter((tx) => tx.source === app);
  const known = new Set(expected.map((user) => user.wallet_address));
  for (const tx of fromApp) if (tx.successful && !known.has(tx.destination)) problems.push(`app wallet paid ${tx.amount} to ${tx.destination}, who was not to be paid (${tx.hash})`);
  const spent = fromApp.reduce((sum, tx) => sum + stroops(tx.fee_charged) + (tx.successful ? stroops(tx.amount) : 0n), 0n);
  if (-moved(app) !== spent) problems.push(`app wallet moved by ${moved(app)} stroops, its ${fromApp.length} transactions since spent ${spent} (amounts and fees)`);
  return problems;
}
