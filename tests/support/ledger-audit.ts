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

/** What one user should have received since the snapshot: the transaction that paid them (null: none) and its amount. */
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
  for (const user of expected) {
    const paid = since.filter((tx) => tx.successful && tx.destination === user.wallet_address).map((tx) => tx.hash);
    const wanted = user.txid === null ? [] : [user.txid];
    if (paid.join() !== wanted.join()) problems.push(`${user.label}: paid by ${JSON.stringify(paid)} on the ledger, expected ${JSON.stringify(wanted)}`);
    const amount = user.txid === null ? 0n : stroops(user.amount);
    if (moved(user.wallet_address) !== amount) problems.push(`${user.label}: balance moved by ${moved(user.wallet_address)} stroops, expected ${amount}`);
  }
  const fromApp = since.filter((tx) => tx.source === app);
  const known = new Set(expected.map((user) => user.wallet_address));
  for (const tx of fromApp) if (tx.successful && !known.has(tx.destination)) problems.push(`app wallet paid ${tx.amount} to ${tx.destination}, who was not to be paid (${tx.hash})`);
  const spent = fromApp.reduce((sum, tx) => sum + stroops(tx.fee_charged) + (tx.successful ? stroops(tx.amount) : 0n), 0n);
  if (-moved(app) !== spent) problems.push(`app wallet moved by ${moved(app)} stroops, its ${fromApp.length} transactions since spent ${spent} (amounts and fees)`);
  return problems;
}
