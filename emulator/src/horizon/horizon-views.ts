import { formatStroops } from '../amount.ts';
import type { PaymentRecord } from '../state/payment-record.ts';
import { createHash } from 'node:crypto';
import { successful } from '../state/ledger.ts';
import type { LedgerAccount, LedgerHeader, LedgerTransaction } from '../state/ledger.ts';
import type { RejectionCode } from './result-xdr.ts';
import { paymentToid, toid, transactionToid } from './toid.ts';

const PROBLEM_TYPES = 'https://stellar.org/horizon-errors';

/** Horizon writes times to the second, with a Z. */
export const horizonTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  extras?: Record<string, unknown>;
}

/** Horizon's error answer (RFC 7807 problem document). */
export function problemResponse(problem: Problem): Response {
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8' },
  });
}

export const notFoundProblem = (detail: string): Problem => ({ type: `${PROBLEM_TYPES}/not_found`, title: 'Resource Missing', status: 404, detail });

/** Horizon's answer to a query parameter (or path part) it cannot take: which one, and why. */
export const invalidFieldProblem = (field: string, reason: string): Problem => ({
  type: `${PROBLEM_TYPES}/bad_request`,
  title: 'Bad Request',
  status: 400,
  detail: 'The request you sent was invalid in some way.',
  extras: { invalid_field: field, reason },
});

/** Horizon's answer to a descending page that starts before the oldest ledger it keeps. */
export const beforeHistoryProblem = (): Problem => ({
  type: `${PROBLEM_TYPES}/before_history`,
  title: 'Data Requested Is Before Recorded History',
  status: 410,
  detail:
    "This horizon instance is configured to only track a portion of the stellar network's latest history. This request is asking for " +
    'results prior to the recorded history known to this horizon instance.',
});

/** A problem raised while reading a request; Horizon's routes answer it as its problem document. */
export class HorizonProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

export const malformedProblem = (detail: string, envelopeXdr: string): Problem => ({
  type: `${PROBLEM_TYPES}/transaction_malformed`,
  title: 'Transaction Malformed',
  status: 400,
  detail: `Horizon could not decode the transaction envelope in this request: ${detail}`,
  extras: { envelope_xdr: envelopeXdr },
});

interface Failure {
  envelopeXdr: string;
  resultXdr: string;
  resultCodes: { transaction: RejectionCode } | { transaction: 'tx_failed'; operations: string[] };
}

export const failedProblem = ({ envelopeXdr, resultXdr, resultCodes }: Failure): Problem => ({
  type: `${PROBLEM_TYPES}/transaction_failed`,
  title: 'Transaction Failed',
  status: 400,
  detail:
    'The transaction failed when submitted to the stellar network. The `extras.result_codes` field on this response contains ' +
    'further details. Descriptions of each code can be found at: https://developers.stellar.org/docs/data/apis/horizon/api-reference/errors/result-codes',
  extras: { envelope_xdr: envelopeXdr, result_codes: resultCodes, result_xdr: resultXdr },
});

/** A transaction that reached a ledger but whose payment failed, as Horizon answers its submission. */
export const appliedFailureProblem = (tx: LedgerTransaction): Problem =>
  failedProblem({ envelopeXdr: tx.envelopeXdr, resultXdr: tx.resultXdr, resultCodes: { transaction: 'tx_failed', operations: [tx.operationCode] } });

/** A templated link to a paged collection, as Horizon writes it. */
const pagedLink = (href: string) => ({ href: `${href}{?cursor,limit,order}`, templated: true });

export function accountView(account: LedgerAccount, horizonUrl: string) {
  const self = `${horizonUrl}/accounts/${account.id}`;
  return {
    _links: { self: { href: self }, transactions: pagedLink(`${self}/transactions`), payments: pagedLink(`${self}/payments`) },
    id: account.id,
    account_id: account.id,
    sequence: String(account.sequence),
    subentry_count: account.numSubentries,
    last_modified_ledger: account.openedInLedger,
    thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
    flags: { auth_required: false, auth_revocable: false, auth_immutable: false, auth_clawback_enabled: false },
    balances: [
      { balance: formatStroops(account.balance), buying_liabilities: '0.0000000', selling_liabilities: '0.0000000', asset_type: 'native' },
    ],
    signers: [{ weight: 1, key: account.id, type: 'ed25519_public_key' }],
    data: {},
    num_sponsoring: 0,
    num_sponsored: 0,
    paging_token: account.id,
  };
}

export function transactionView(tx: LedgerTransaction, horizonUrl: string) {
  const id = tx.hash;
  const self = `${horizonUrl}/transactions/${id}`;
  const pagingToken = String(transactionToid(tx));
  return {
    _links: {
      self: { href: self },
      account: { href: `${horizonUrl}/accounts/${tx.source}` },
      ledger: { href: `${horizonUrl}/ledgers/${tx.ledger}` },
      operations: pagedLink(`${self}/operations`),
      effects: pagedLink(`${self}/effects`),
      precedes: { href: `${horizonUrl}/transactions?order=asc&cursor=${pagingToken}` },
      succeeds: { href: `${horizonUrl}/transactions?order=desc&cursor=${pagingToken}` },
    },
    id,
    paging_token: pagingToken,
    successful: successful(tx),
    hash: id,
    ledger: tx.ledger,
    created_at: horizonTime(tx.createdAt),
    source_account: tx.source,
    source_account_sequence: String(tx.sequence),
    fee_account: tx.source,
    fee_charged: String(tx.feeCharged),
    max_fee: String(tx.maxFee),
    operation_count: 1,
    envelope_xdr: tx.envelopeXdr,
    result_xdr: tx.resultXdr,
    memo_type: tx.memoType,
    ...(tx.memo === null ? {} : { memo: tx.memo }),
    signatures: tx.signatures,
    valid_after: horizonTime(0),
    ...(tx.validBefore === null ? {} : { valid_before: horizonTime(tx.validBefore * 1000) }),
  };
}

/**
 * The transaction's payment operation as Horizon lists payments. Horizon leaves the memo to the
 * transaction: `join=transactions` embeds it as `transaction`.
 */
export function paymentView(tx: LedgerTransaction, horizonUrl: string, joinTransaction: boolean) {
  const id = String(paymentToid(tx));
  const self = `${horizonUrl}/operations/${id}`;
  return {
    _links: {
      self: { href: self },
      transaction: { href: `${horizonUrl}/transactions/${tx.hash}` },
      effects: { href: `${self}/effects` },
      succeeds: { href: `${horizonUrl}/effects?order=desc&cursor=${id}` },
      precedes: { href: `${horizonUrl}/effects?order=asc&cursor=${id}` },
    },
    id,
    paging_token: id,
    transaction_successful: successful(tx),
    source_account: tx.source,
    ...operationFields(tx),
    created_at: horizonTime(tx.createdAt),
    transaction_hash: tx.hash,
    ...(joinTransaction ? { transaction: transactionView(tx, horizonUrl) } : {}),
    ...amountFields(tx),
  };
}

const operationFields = (tx: LedgerTransaction) => (tx.operationType === 'create_account' ? { type: 'create_account', type_i: 0 } : { type: 'payment', type_i: 1 });

/** A payment's asset, parties and amount; a `create_account`'s starting balance, funder and new account, as Horizon names them. */
const amountFields = (tx: LedgerTransaction) =>
  tx.operationType === 'create_account'
    ? { starting_balance: formatStroops(tx.amount), funder: tx.source, account: tx.destination }
    : { asset_type: 'native', from: tx.source, to: tx.destination, amount: formatStroops(tx.amount) };

/** Payments seeded in bulk (`POST /__control/seed`) carry random txids that no ledger holds: their links still resolve, placed in the first ledger. */
export function paymentTransactionView(payment: PaymentRecord, txid: string, ledger: number) {
  return { id: txid, hash: txid, ledger, memo: payment.identifier, memo_type: 'text', successful: true, created_at: horizonTime(payment.txAt) };
}

/** Horizon's answer when no ledger took the transaction within its wait; Horizon 2.31 and later name the hash. */
export const timeoutProblem = (hash: string): Problem => ({
  type: `${PROBLEM_TYPES}/timeout`,
  title: 'Timeout',
  status: 504,
  detail:
    'Your request timed out before completing. Please try your request again. If you are submitting a transaction make sure you are ' +
    'sending exactly the same transaction (with the same sequence number).',
  extras: { hash },
});

/** The network's fees: its base fee (as configured now; the emulated network never surges). */
export function feeStatsView(latestLedger: number, baseFeeStroops: bigint) {
  const fee = String(baseFeeStroops);
  const percentiles = Object.fromEntries(['max', 'min', 'mode', 'p10', 'p20', 'p30', 'p40', 'p50', 'p60', 'p70', 'p80', 'p90', 'p95', 'p99'].map((key) => [key, fee]));
  return {
    last_ledger: String(latestLedger),
    last_ledger_base_fee: fee,
    ledger_capacity_usage: '0.01',
    fee_charged: percentiles,
    max_fee: percentiles,
  };
}

/** A stand-in for the ledger's hash: stable for its number, 64 hex characters as Horizon shows it. */
const ledgerHash = (sequence: number): string => createHash('sha256').update(`ledger ${sequence}`).digest('hex');

export function ledgerView(header: LedgerHeader, horizonUrl: string) {
  const self = `${horizonUrl}/ledgers/${header.sequence}`;
  const transactions = header.successfulTransactions + header.failedTransactions;
  return {
    _links: { self: { href: self }, transactions: pagedLink(`${self}/transactions`) },
    id: ledgerHash(header.sequence),
    paging_token: String(toid(header.sequence)),
    hash: ledgerHash(header.sequence),
    prev_hash: ledgerHash(header.sequence - 1),
    sequence: header.sequence,
    successful_transaction_count: header.successfulTransactions,
    failed_transaction_count: header.failedTransactions,
    operation_count: header.successfulTransactions,
    tx_set_operation_count: transactions,
    closed_at: horizonTime(header.closedAt),
    base_fee_in_stroops: Number(header.baseFeeStroops),
    base_reserve_in_stroops: Number(header.baseReserveStroops),
    max_tx_set_size: header.maxTxSetSize,
    protocol_version: PROTOCOL_VERSION,
  };
}

const PROTOCOL_VERSION = 19;

/** Horizon's root: its versions, the latest ledger and when it closed, the network's passphrase. */
export function rootView(latest: LedgerHeader, firstLedger: number, passphrase: string, horizonUrl: string) {
  return {
    _links: { self: { href: horizonUrl }, ledgers: { href: `${horizonUrl}/ledgers{?cursor,limit,order}`, templated: true } },
    horizon_version: '2.23.1-plat-emulator',
    core_version: 'stellar-core 19.6.0 (plat-emulator)',
    ingest_latest_ledger: latest.sequence,
    history_latest_ledger: latest.sequence,
    history_latest_ledger_closed_at: horizonTime(latest.closedAt),
    history_elder_ledger: firstLedger,
    core_latest_ledger: latest.sequence,
    network_passphrase: passphrase,
    current_protocol_version: PROTOCOL_VERSION,
    supported_protocol_version: PROTOCOL_VERSION,
    core_supported_protocol_version: PROTOCOL_VERSION,
  };
}
