import { StrKey } from '@stellar/stellar-base';
import type { z } from 'zod';
import { shapeProblem } from '../upstream/shape-problem.ts';
import { UpstreamHop, type UpstreamAnswer } from '../upstream/upstream-hop.ts';
import type { UpstreamObserver } from '../upstream/upstream-observer.ts';
import { ChainError } from './chain-error.ts';
import { accountPaymentPageSchema, accountSchema, feeStatsSchema, ledgerPageSchema, problemName, problemSchema, rootSchema, submittedSchema, transactionSchema } from './horizon-schemas.ts';

export interface HorizonClientOptions {
  /** Horizon's root, e.g. `https://horizon.example` or `http://127.0.0.1:8788/horizon`. */
  baseUrl: string;
  /** The deadline of one read, in ms: every attempt and the back-off between them included. */
  timeoutMs?: number;
  /**
   * How long a submission may wait for its answer. Horizon answers a submission only when the ledger
   * that holds it has closed, and gives up itself after about 30 s (504), so the console waits longer
   * than that: an answer Horizon would give is never cut off and turned into "unknown".
   */
  submitTimeoutMs?: number;
  /** How many times a GET is tried again after a time-out, a dropped connection, a 429 or a 5xx. POSTs are never retried. */
  getRetries?: number;
  /** The first back-off between GET attempts, in ms. */
  retryBaseDelayMs?: number;
  /** A Retry-After longer than this is not waited for; the 429 or 503 is returned instead. */
  maxRetryAfterMs?: number;
  connections?: number;
  /** Told of every call (the metrics); nobody unless given. */
  observer?: UpstreamObserver;
}

const defaults = { timeoutMs: 10_000, submitTimeoutMs: 65_000, getRetries: 2, retryBaseDelayMs: 200, maxRetryAfterMs: 5_000, connections: 8 };

/**
 * How many recent ledgers the pace is measured over. Horizon writes close times to the second, so the
 * span must be long against a second: about 4.4 min on the network (5.3 s ledgers), 12.5 s at 250 ms.
 */
const PACE_SAMPLE_LEDGERS = 50;

export type SubmitOutcome =
  | { applied: true; hash: string; ledger: number }
  /**
   * Horizon's definite no. A `tx_…` code (tx_bad_seq, tx_too_late, tx_bad_auth, …) means nothing was
   * applied. An `op_…` code (op_underfunded, op_no_destination, …) means the transaction failed
   * inside a ledger: it moved nothing, but its sequence number and fee are spent.
   */
  | { applied: false; resultCode: string; operationCodes: string[] };

/** The latest closed ledger: the network's clock, its prices and its pace. */
export interface LedgerClock {
  sequence: number;
  /** When it closed, by the network's clock (ms since the epoch). */
  closedAtMs: number;
  baseFeeStroops: number;
  baseReserveStroops: number;
  /** The mean time between the recent ledgers' closes; null with a single ledger to go by. */
  intervalMs: number | null;
}

/** An account as the ledger holds it now. */
export interface AccountState {
  sequence: bigint;
  /** The native balance, in stroops. */
  balanceStroops: bigint;
  /** Trustlines, offers, signers and data entries: each raises the minimum balance by a base reserve. */
  subentryCount: number;
}

/** One payment operation of an account (a `create_account` reads as a payment of its starting balance), with its transaction. */
export interface AccountPayment {
  pagingToken: string;
  /** `payment`, `create_account`, or another operation the console does not make (its amount is then null). */
  type: string;
  hash: string;
  ledger: number;
  createdAt: string;
  successful: boolean;
  from: string | null;
  to: string | null;
  /** Native amount in stroops; null for another asset or operation. */
  amountStroops: bigint | null;
  /** Charged to the transaction's source, failed or not. */
  feeChargedStroops: bigint;
  source: string;
  memoType: string;
  memo: string | null;
}

export interface AccountPaymentsQuery {
  order: 'asc' | 'desc';
  /** 1 to 200 (Horizon's most). */
  limit: number;
  /** A paging token: the page starts after it. */
  cursor?: string | undefined;
}

export type LookupOutcome = { found: true; successful: boolean; ledger: number; createdAt: string } | { found: false };

const TRANSACTION_HASH = /^[0-9a-f]{64}$/;

/** The console's way to the blockchain's Horizon API, over the upstream hop: a deadline per call, retries for reads only. */
export class HorizonClient {
  private readonly hop: UpstreamHop<ChainError>;
  private readonly submitTimeoutMs: number;

  constructor({ getRetries, submitTimeoutMs, ...options }: HorizonClientOptions) {
    const settings = { ...defaults, ...options, readRetries: getRetries ?? defaults.getRetries };
    this.submitTimeoutMs = submitTimeoutMs ?? defaults.submitTimeoutMs;
    this.hop = new UpstreamHop({ ...settings, longestTimeoutMs: this.submitTimeoutMs, name: 'Horizon', target: 'horizon', errorOf: (init) => new ChainError(init) });
  }

  /** The account's current sequence number; a new transaction uses this + 1. */
  async loadSequence(accountId: string): Promise<bigint> {
    return (await this.account(accountId)).sequence;
  }

  async account(accountId: string): Promise<AccountState> {
    if (!StrKey.isValidEd25519PublicKey(accountId)) throw invalidId(`${accountId} is not an account id`);
    const account = await this.read('account', `/accounts/${accountId}`, accountSchema);
    const native = account.balances.find((balance) => balance.asset_type === 'native');
    return { sequence: account.sequence, balanceStroops: native?.balance ?? 0n, subentryCount: account.subentry_count };
  }

  /** The account's payments in and out, failed ones included, with their transactions' fees and memos. */
  async accountPayments(accountId: string, { order, limit, cursor }: AccountPaymentsQuery): Promise<AccountPayment[]> {
    if (!StrKey.isValidEd25519PublicKey(accountId)) throw invalidId(`${accountId} is not an account id`);
    const query = new URLSearchParams({ order, limit: String(limit), include_failed: 'true', join: 'transactions', ...(cursor === undefined ? {} : { cursor }) });
    const page = await this.read('account_payments', `/accounts/${accountId}/payments?${query}`, accountPaymentPageSchema);
    return page._embedded.records.map((record) => {
      const created = record.type === 'create_account';
      const native = record.type === 'payment' && record.asset_type === 'native';
      return {
        pagingToken: record.paging_token,
        type: record.type,
        hash: record.transaction_hash,
        ledger: record.transaction.ledger,
        createdAt: record.created_at,
        successful: record.transaction_successful,
        from: (created ? record.funder : record.from) ?? null,
        to: (created ? record.account : record.to) ?? null,
        amountStroops: (created ? record.starting_balance : native ? record.amount : undefined) ?? null,
        feeChargedStroops: record.transaction.fee_charged,
        source: record.transaction.source_account,
        memoType: record.transaction.memo_type,
        memo: record.transaction.memo ?? null,
      };
    });
  }

  /** The passphrase of the network Horizon serves ("Pi Network", "Pi Testnet", …). */
  async networkPassphrase(): Promise<string> {
    return (await this.read('root', '', rootSchema)).network_passphrase;
  }

  /** The network's base fee per operation, in stroops. */
  async baseFee(): Promise<number> {
    return (await this.read('fee_stats', '/fee_stats', feeStatsSchema)).last_ledger_base_fee;
  }

  /** The latest closed ledger and the pace of the ones before it (over `sample` ledgers; 1 reads no pace). */
  async latestLedger(sample = PACE_SAMPLE_LEDGERS): Promise<LedgerClock> {
    const page = await this.read('ledgers', `/ledgers?order=desc&limit=${sample}`, ledgerPageSchema);
    const [latest, ...earlier] = page._embedded.records;
    if (latest === undefined) throw new ChainError({ status: 200, code: 'invalid_response', message: 'Horizon lists no ledger', outcomeUnknown: false });
    const oldest = earlier.at(-1);
    const closedAtMs = Date.parse(latest.closed_at);
    return {
      sequence: latest.sequence,
      closedAtMs,
      baseFeeStroops: latest.base_fee_in_stroops,
      baseReserveStroops: latest.base_reserve_in_stroops,
      intervalMs: oldest === undefined ? null : (closedAtMs - Date.parse(oldest.closed_at)) / (latest.sequence - oldest.sequence),
    };
  }

  /** Submits a signed envelope (base64 XDR) once; never retried, since a lost answer may hide an applied transaction. */
  async submit(envelopeXdr: string): Promise<SubmitOutcome> {
    const request = {
      method: 'POST',
      operation: 'submit',
      path: '/transactions',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: `tx=${encodeURIComponent(envelopeXdr)}`,
      timeoutMs: this.submitTimeoutMs,
    } as const;
    return this.hop.call(request, (answer): SubmitOutcome => {
      if (isSuccess(answer.status)) {
        const submitted = submittedSchema.safeParse(answer.body);
        if (!submitted.success) throw unexpectedShape(answer.status, submitted.error, true);
        return { applied: true, hash: submitted.data.hash, ledger: submitted.data.ledger };
      }
      const problem = problemSchema.safeParse(answer.body);
      const codes = problem.success ? problem.data.extras?.result_codes : undefined;
      if (answer.status === 400 && codes !== undefined) {
        const operationCodes = codes.operations ?? [];
        const failedOperation = operationCodes.find((code) => code !== 'op_success');
        const resultCode = codes.transaction === 'tx_failed' && failedOperation !== undefined ? failedOperation : codes.transaction;
        return { applied: false, resultCode, operationCodes };
      }
      throw errorFromAnswer(answer, true);
    });
  }

  /** Whether Horizon knows the transaction; how to settle an outcome left unknown by `submit`. */
  async lookup(hash: string): Promise<LookupOutcome> {
    if (!TRANSACTION_HASH.test(hash)) throw invalidId(`${hash} is not a transaction hash (64 lowercase hex characters)`);
    try {
      const tx = await this.read('transaction', `/transactions/${hash}`, transactionSchema);
      return { found: true, successful: tx.successful, ledger: tx.ledger, createdAt: tx.created_at };
    } catch (error) {
      if (error instanceof ChainError && error.status === 404) return { found: false };
      throw error;
    }
  }

  close(): Promise<void> {
    return this.hop.close();
  }

  private read<S extends z.ZodType>(operation: string, path: string, schema: S): Promise<z.output<S>> {
    return this.hop.call({ method: 'GET', operation, path, headers: { accept: 'application/json' } }, (answer) => {
      if (!isSuccess(answer.status)) throw errorFromAnswer(answer, false);
      const parsed = schema.safeParse(answer.body);
      if (!parsed.success) throw unexpectedShape(answer.status, parsed.error, false);
      return parsed.data;
    });
  }
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** A POST's answer is definite only as a 2xx of the right shape or a 4xx problem document; anything else may hide an applied transaction. */
function errorFromAnswer({ status, body, retryAfterMs }: UpstreamAnswer, unsafe: boolean): ChainError {
  const problem = problemSchema.safeParse(body);
  const definite = problem.success && status < 500;
  const outcomeUnknown = unsafe && !definite;
  if (!problem.success) {
    return new ChainError({ status, code: status === 429 ? 'rate_limited' : 'unknown_error', message: `Horizon answered ${status} without a readable error body`, retryAfterMs, outcomeUnknown });
  }
  const { detail, title } = problem.data;
  return new ChainError({ status, code: problemName(problem.data), message: detail ?? title ?? `Horizon answered ${status}`, retryAfterMs, outcomeUnknown });
}

function unexpectedShape(status: number, error: z.ZodError, outcomeUnknown: boolean): ChainError {
  return new ChainError({ status, code: 'invalid_response', message: `Horizon's answer has an unexpected shape${shapeProblem(error)}`, outcomeUnknown });
}

const invalidId = (message: string): ChainError => new ChainError({ status: null, code: 'invalid_id', message });
