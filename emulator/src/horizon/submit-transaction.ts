import { FeeBumpTransaction, Keypair, TransactionBuilder } from '@stellar/stellar-sdk';
import type { Memo, Transaction } from '@stellar/stellar-sdk';
import { stroopsFromDecimal } from '../amount.ts';
import type { NetworkConfig } from '../config.ts';
import { availableBalance } from '../state/ledger.ts';
import type { Ledger, LedgerAccount, LedgerTransaction, MemoType, PaymentOperationCode } from '../state/ledger.ts';
import { paymentResultXdr } from './result-xdr.ts';
import type { RejectionCode } from './result-xdr.ts';

/** A transaction the emulated core can take: one native payment, decoded from its envelope. */
export interface Candidate {
  readonly tx: Transaction;
  readonly hash: string;
  readonly envelopeXdr: string;
  readonly source: string;
  readonly sequence: bigint;
  readonly payment: NativePayment;
}

interface NativePayment {
  destination: string;
  amount: bigint;
}

/** The transaction in the envelope, or why it is not one the emulator can take. */
export function decodeEnvelope(envelopeXdr: string, passphrase: string): Transaction | string {
  let decoded: Transaction | FeeBumpTransaction;
  try {
    decoded = TransactionBuilder.fromXDR(envelopeXdr, passphrase);
  } catch (error) {
    return `the envelope is not a transaction (${error instanceof Error ? error.message : 'undecodable'})`;
  }
  return decoded instanceof FeeBumpTransaction ? 'fee-bump transactions are not supported by the emulator' : decoded;
}

/** The transaction's one native payment, or null when it asks for anything else (the emulator supports no more). */
function nativePayment(tx: Transaction): NativePayment | null {
  const [operation, ...rest] = tx.operations;
  if (operation === undefined || rest.length > 0 || operation.type !== 'payment' || !operation.asset.isNative()) return null;
  if (operation.source !== undefined && operation.source !== tx.source) return null;
  return { destination: operation.destination, amount: stroopsFromDecimal(operation.amount) };
}

function memoOf(memo: Memo): { memoType: MemoType; memo: string | null } {
  const { type, value } = memo;
  if (type === 'none' || value === null) return { memoType: 'none', memo: null };
  if (type === 'text') return { memoType: type, memo: typeof value === 'string' ? value : value.toString('utf8') };
  if (type === 'id') return { memoType: type, memo: String(value) };
  return { memoType: type, memo: Buffer.from(value).toString('base64') };
}

const signedBySource = (tx: Transaction, source: LedgerAccount): boolean => {
  const key = Keypair.fromPublicKey(source.id);
  const hash = tx.hash();
  return tx.signatures.some((signature) => key.verify(hash, signature.signature()));
};

/** Unix seconds after which the transaction is refused; null without an upper bound. */
export function maxTimeOf(tx: Transaction): number | null {
  return tx.timeBounds === undefined || tx.timeBounds.maxTime === '0' ? null : Number(tx.timeBounds.maxTime);
}

function timeBoundsRefusal(tx: Transaction, nowSeconds: number): RejectionCode | null {
  if (tx.timeBounds === undefined) return null;
  const minTime = Number(tx.timeBounds.minTime);
  const maxTime = maxTimeOf(tx);
  if (minTime !== 0 && nowSeconds < minTime) return 'tx_too_early';
  if (maxTime !== null && nowSeconds > maxTime) return 'tx_too_late';
  return null;
}

export type Admission = { refused: RejectionCode } | { candidate: Candidate };

/** Core's last check before a fee is taken: the source can pay the fee it bids and still keep its minimum balance. */
const canPayFee = (tx: Transaction, source: LedgerAccount, { baseReserveStroops }: NetworkConfig): boolean =>
  availableBalance(source, baseReserveStroops) >= BigInt(tx.fee);

/**
 * What core checks before a transaction may wait for a ledger, in its order; a refusal leaves the
 * ledger untouched. The sequence is checked against the account: a source with a transaction
 * already queued is the queue's business (one per source per ledger), not this check's.
 */
export function admit(tx: Transaction, envelopeXdr: string, ledger: Ledger, nowSeconds: number, config: NetworkConfig): Admission {
  const tooEarlyOrLate = timeBoundsRefusal(tx, nowSeconds);
  if (tooEarlyOrLate) return { refused: tooEarlyOrLate };
  if (tx.operations.length === 0) return { refused: 'tx_missing_operation' };
  const payment = nativePayment(tx);
  if (payment === null) return { refused: 'tx_not_supported' };
  if (BigInt(tx.fee) < config.baseFeeStroops) return { refused: 'tx_insufficient_fee' };
  const source = ledger.account(tx.source);
  if (source === undefined) return { refused: 'tx_no_source_account' };
  if (!signedBySource(tx, source)) return { refused: 'tx_bad_auth' };
  if (!canPayFee(tx, source, config)) return { refused: 'tx_insufficient_balance' };
  return { candidate: { tx, hash: tx.hash().toString('hex'), envelopeXdr, source: source.id, sequence: BigInt(tx.sequence), payment } };
}

/** Whether the candidate's sequence number is the next one of its account. */
export function inSequence(candidate: Candidate, ledger: Ledger): boolean {
  const source = ledger.account(candidate.source);
  return source !== undefined && candidate.sequence === source.sequence + 1n;
}

/**
 * The payment operation, after the fee is charged: it moves the amount or fails moving nothing. As in
 * core, a native payment to oneself succeeds at once, and the source may not go below its minimum
 * balance: an amount over its available balance is op_underfunded, exactly the available balance is not.
 */
function movePayment(ledger: Ledger, source: LedgerAccount, payment: NativePayment, baseReserve: bigint): PaymentOperationCode {
  if (payment.destination === source.id) return 'op_success';
  const destination = ledger.account(payment.destination);
  if (destination === undefined) return 'op_no_destination';
  if (availableBalance(source, baseReserve) < payment.amount) return 'op_underfunded';
  source.balance -= payment.amount;
  destination.balance += payment.amount;
  return 'op_success';
}

/** Where a transaction is applied: the closing ledger, its close time, and the transaction's place in it (from 1). */
export interface LedgerSlot {
  ledger: number;
  applicationOrder: number;
  closedAt: number;
}

/**
 * Applies a queued transaction in the ledger closing at `closedAt`: its sequence and fee are spent,
 * whether or not its payment succeeds. Null when it can no longer apply (its time bounds have passed
 * by the ledger's close time, its sequence number was taken, or its source can no longer pay its fee
 * above its minimum balance): core leaves it out of the ledger, nothing is spent.
 */
export function applyInLedger(ledger: Ledger, candidate: Candidate, { ledger: ledgerNumber, applicationOrder, closedAt }: LedgerSlot, config: NetworkConfig): LedgerTransaction | null {
  const { tx, payment } = candidate;
  const source = ledger.account(candidate.source);
  if (source === undefined || !inSequence(candidate, ledger)) return null;
  if (timeBoundsRefusal(tx, Math.floor(closedAt / 1000)) !== null || !canPayFee(tx, source, config)) return null;
  const maxFee = BigInt(tx.fee);
  const feeCharged = maxFee < config.baseFeeStroops ? maxFee : config.baseFeeStroops;
  source.sequence += 1n;
  source.balance -= feeCharged;
  const operationCode = movePayment(ledger, source, payment, config.baseReserveStroops);
  return {
    hash: candidate.hash,
    ledger: ledgerNumber,
    applicationOrder,
    createdAt: closedAt,
    source: source.id,
    sequence: source.sequence,
    operationType: 'payment',
    destination: payment.destination,
    amount: payment.amount,
    maxFee,
    feeCharged,
    ...memoOf(tx.memo),
    validBefore: maxTimeOf(tx),
    operationCode,
    envelopeXdr: candidate.envelopeXdr,
    resultXdr: paymentResultXdr(feeCharged, operationCode),
    signatures: tx.signatures.map((signature) => signature.signature().toString('base64')),
  };
}
