import type { Fault } from '../../emulator/src/faults.ts';
import type { RunningEmulator } from '../../emulator/src/emulator.ts';

/** Calls the emulator's control API (tests only). */
export async function control<T = unknown>(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${emulator.origin}/__control${path}`, {
    method,
    headers: { authorization: `Key ${emulator.key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${method} ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface ControlUser {
  uid: string;
  username: string;
  access_token: string;
  wallet_address: string;
  /** The wallet's secret seed: a test pays from the user's wallet with it (tests/support/chain-transactions.ts). */
  wallet_seed: string;
  scopes: string[];
}

export function createUser(emulator: RunningEmulator, scopes?: string[]): Promise<ControlUser> {
  return control<ControlUser>(emulator, 'POST', '/users', scopes ? { scopes } : {});
}

export type { Fault };
/** A fault of any kind, its route still to be chosen. */
export type FaultAnywhere = Fault extends infer Each ? (Each extends Fault ? Omit<Each, 'route'> : never) : never;

export function setFaults(emulator: RunningEmulator, faults: Fault[]): Promise<unknown> {
  return control(emulator, 'PUT', '/faults', { faults });
}

export function clearFaults(emulator: RunningEmulator): Promise<unknown> {
  return control(emulator, 'DELETE', '/faults');
}

export interface LedgerTransactionRow {
  hash: string;
  ledger: number;
  created_at: string;
  source: string;
  destination: string;
  /** Decimal, 7 places. */
  amount: string;
  fee_charged: string;
  memo: string | null;
  successful: boolean;
  operation_code: string;
}

/** Every transaction the emulated chain has applied, oldest first. */
export async function ledgerTransactions(emulator: RunningEmulator): Promise<LedgerTransactionRow[]> {
  return (await control<{ transactions: LedgerTransactionRow[] }>(emulator, 'GET', '/ledger/transactions')).transactions;
}

/** The account's native balance as Horizon shows it ("100.0000000"), read through the public Horizon route. */
export async function nativeBalance(emulator: RunningEmulator, accountId: string): Promise<string> {
  const response = await fetch(`${emulator.horizonUrl}/accounts/${accountId}`);
  if (!response.ok) throw new Error(`GET /accounts/${accountId} → ${response.status} ${await response.text()}`);
  const account = (await response.json()) as { balances: Array<{ asset_type: string; balance: string }> };
  const native = account.balances.find((balance) => balance.asset_type === 'native');
  if (native === undefined) throw new Error(`account ${accountId} has no native balance`);
  return native.balance;
}

/** "102.5000000" as 1025000000n: balances compared exactly, never as floats. */
export function stroops(balance: string): bigint {
  const [whole = '0', fraction = ''] = balance.split('.');
  return BigInt(whole) * 10_000_000n + BigInt(fraction.padEnd(7, '0'));
}

/** The hashes of the successful ledger transactions to each account: who was paid, and how often. */
export async function paymentsByDestination(emulator: RunningEmulator): Promise<Map<string, string[]>> {
  const paid = new Map<string, string[]>();
  for (const tx of await ledgerTransactions(emulator)) if (tx.successful) paid.set(tx.destination, [...(paid.get(tx.destination) ?? []), tx.hash]);
  return paid;
}

/** Many users at once, 50 requests at a time. */
export async function createUsers(emulator: RunningEmulator, count: number): Promise<ControlUser[]> {
  const users: ControlUser[] = [];
  for (let i = 0; i < count; i += 50) users.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => createUser(emulator)))));
  return users;
}

export function setOngoingRule(emulator: RunningEmulator, rule: 'per_user' | 'per_app'): Promise<unknown> {
  return control(emulator, 'PUT', '/config', { ongoing_rule: rule });
}

export interface EmulatorStats {
  /** The most A2U payments open (neither completed nor cancelled) at once. */
  peak_open_a2u: number;
  /** A2U creates refused with ongoing_payment_found. */
  ongoing_refusals: number;
}

export function emulatorStats(emulator: RunningEmulator): Promise<EmulatorStats> {
  return control<EmulatorStats>(emulator, 'GET', '/stats');
}

/** How many times each configured fault has fired. */
export async function faultsApplied(emulator: RunningEmulator): Promise<number[]> {
  return (await control<{ faults: Array<{ applied: number }> }>(emulator, 'GET', '/faults')).faults.map((fault) => fault.applied);
}

/** When each configured fault fired (ms since the epoch), in the order the faults were set. */
export async function faultHitTimes(emulator: RunningEmulator): Promise<number[][]> {
  return (await control<{ faults: Array<{ appliedAt: string[] }> }>(emulator, 'GET', '/faults')).faults.map((fault) => fault.appliedAt.map((at) => Date.parse(at)));
}

export function resetEmulatorStats(emulator: RunningEmulator): Promise<unknown> {
  return control(emulator, 'DELETE', '/stats');
}
