import type { PaymentDTO } from '../../emulator/src/dto.ts';
import type { Fault } from '../../emulator/src/faults.ts';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/src/emulator.ts';

/**
 * The emulator harness of the tests: an emulator in this process, called as any client would (plain
 * fetch) on its public routes and on its control API (`/__control`, tests only).
 */

export interface Reply<T> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

export interface ErrorBody {
  error: string;
  error_message: string;
  payment?: PaymentDTO;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw request body, sent as is. */
  raw?: string;
  /** Authorization header; defaults to the server key, null sends none. */
  auth?: string | null;
}

export async function emulatorRequest<T = ErrorBody>(emulator: RunningEmulator, method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  const auth = options.auth === undefined ? `Key ${emulator.key}` : options.auth;
  if (auth !== null) headers.authorization = auth;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${emulator.origin}${path}`, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    get json(): T {
      return JSON.parse(text) as T;
    },
  };
}

/** Like emulatorRequest, but throws unless the answer is 200. */
export async function emulatorOk<T>(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<T> {
  const reply = await emulatorRequest<T>(emulator, method, path, { body });
  if (reply.status !== 200) throw new Error(`${method} ${path} → ${reply.status} ${reply.text}`);
  return reply.json;
}

/** Calls the emulator's control API (tests only). */
export function control<T = unknown>(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<T> {
  return emulatorOk<T>(emulator, method, `/__control${path}`, body);
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

export function createUser(emulator: RunningEmulator, scopes?: string[], username?: string): Promise<ControlUser> {
  return control<ControlUser>(emulator, 'POST', '/users', { ...(scopes ? { scopes } : {}), ...(username ? { username } : {}) });
}

/**
 * A user-to-app payment as it ends when all goes well: created by the user, approved by the app (the
 * server key), paid by the user on the chain from their wallet, completed by the app.
 */
export async function completedU2A(emulator: RunningEmulator, uid: string, amount: number): Promise<PaymentDTO> {
  const created = await control<PaymentDTO>(emulator, 'POST', '/u2a', { uid, amount, memo: 'Gems', metadata: { sku: 'gems' } });
  await emulatorOk(emulator, 'POST', `/v2/payments/${created.identifier}/approve`);
  const signed = await control<PaymentDTO>(emulator, 'POST', `/payments/${created.identifier}/user-sign`, {});
  return emulatorOk<PaymentDTO>(emulator, 'POST', `/v2/payments/${created.identifier}/complete`, { txid: signed.transaction?.txid });
}

/** An emulator started for a test file, with its client bound to it. */
export interface Harness {
  emulator: RunningEmulator;
  request<T = ErrorBody>(method: string, path: string, options?: RequestOptions): Promise<Reply<T>>;
  /** Like request, but fails the test unless the answer is 200. */
  ok<T>(method: string, path: string, body?: unknown): Promise<T>;
  createUser(input?: { username?: string; scopes?: string[] }): Promise<ControlUser>;
  createA2U(uid: string, amount?: number): Promise<PaymentDTO>;
  createU2A(uid: string, amount?: number): Promise<PaymentDTO>;
  close(): Promise<void>;
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator(options);
  return {
    emulator,
    request: (method, path, requestOptions) => emulatorRequest(emulator, method, path, requestOptions),
    ok: (method, path, body) => emulatorOk(emulator, method, path, body),
    createUser: (input = {}) => createUser(emulator, input.scopes, input.username),
    createA2U: (uid, amount = 1) => emulatorOk<PaymentDTO>(emulator, 'POST', '/v2/payments', { payment: { amount, memo: 'Reward', metadata: { test: true }, uid } }),
    createU2A: (uid, amount = 1) => control<PaymentDTO>(emulator, 'POST', '/u2a', { uid, amount, memo: 'Gems', metadata: { sku: 'gems' } }),
    close: () => emulator.close(),
  };
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
