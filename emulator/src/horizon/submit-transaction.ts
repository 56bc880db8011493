import { FeeBumpTransaction, Keypair, TransactionBuilder } from '@stellar/stellar-sdk';
import type { Memo, Transaction } from '@stellar/stellar-sdk';
import { stroopsFromDecimal } from '../amount.ts';
import type { Ledger, LedgerAccount, LedgerTransaction, MemoType, PaymentOperationCode } from '../state/ledger.ts';
import { paymentResultXdr, rejectionResultXdr } from './result-xdr.ts';
import type { RejectionCode } from './result-xdr.ts';

/** Stroops per operation; the emulated network never surges. */
export const BASE_FEE = 100n;

export type Submission =
  | { kind: 'malformed'; detail: string }
  | { kind: 'rejected'; code: RejectionCode; envelopeXdr: string; resultXdr: string }
  /** In a ledger: `known` when this envelope had been applied before and nothing moved now. */
  | { kind: 'applied'; tx: LedgerTransaction; known: boolean };

interface NativePayment {
  destination: string;
  amount: bigint;
}

function decode(envelopeXdr: string, passphrase: string): Transaction | string {
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

type Checked = { refused: RejectionCode } | { source: LedgerAccount; payment: NativePayment };

/** Checks in stellar-core's order; a refusal leaves the ledger untouched. */
function check(tx: Transaction, ledger: Ledger, nowSeconds: number): Checked {
  if (tx.timeBounds !== undefined) {
    const minTime = Number(tx.timeBounds.minTime);
    const maxTime = Number(tx.timeBounds.maxTime);
    if (minTime !== 0 && nowSeconds < minTime) return { refused: 'tx_too_early' };
    if (maxTime !== 0 && nowSeconds > maxTime) return { refused: 'tx_too_late' };
  }
  if (tx.operations.length === 0) return { refused: 'tx_missing_operation' };
  const payment = nativePayment(tx);
  if (payment === null) return { refused: 'tx_not_supported' };
  if (BigInt(tx.fee) < BASE_FEE) return { refused: 'tx_insufficient_fee' };
  const source = ledger.account(tx.source);
  if (source === undefined) return { refused: 'tx_no_source_account' };
  if (BigInt(tx.sequence) !== source.sequence + 1n) return { refused: 'tx_bad_seq' };
  if (!signedBySource(tx, source)) return { refused: 'tx_bad_auth' };
  if (source.balance < BASE_FEE) return { refused: 'tx_insufficient_balance' };
  return { source, payment };
}

/** The payment operation, after the fee is charged: it moves the amount or fails moving nothing. */
function movePayment(ledger: Ledger, source: LedgerAccount, payment: NativePayment): PaymentOperationCode {
  const destination = ledger.account(payment.destination);
  if (destination === undefined) return 'op_no_destination';
  if (source.balance < payment.amount) return 'op_underfunded';
  source.balance -= payment.amount;
  destination.balance += payment.amount;
  return 'op_success';
}

/** What POST /transactions does with an envelope: decode, check, apply once. */
export function submitTransaction(ledger: Ledger, envelopeXdr: string, passphrase: string, now: number): Submission {
  const tx = decode(envelopeXdr, passphrase);
  if (typeof tx === 'string') return { kind: 'malformed', detail: tx };
  const hash = tx.hash().toString('hex');
  const known = ledger.transaction(hash);
  if (known !== undefined) return { kind: 'applied', tx: known, known: true };

  const checked = check(tx, ledger, Math.floor(now / 1000));
  if ('refused' in checked) {
    return { kind: 'rejected', code: checked.refused, envelopeXdr, resultXdr: rejectionResultXdr(checked.refused) };
  }
  const { source, payment } = checked;
  const feeCharged = BASE_FEE;
  source.sequence += 1n;
  source.balance -= feeCharged;
  const operationCode = movePayment(ledger, source, payment);
  const applied: LedgerTransaction = {
    hash,
    ledger: ledger.closeLedger(),
    createdAt: now,
    source: source.id,
    sequence: source.sequence,
    destination: payment.destination,
    amount: payment.amount,
    maxFee: BigInt(tx.fee),
    feeCharged,
    ...memoOf(tx.memo),
    validBefore: tx.timeBounds === undefined || tx.timeBounds.maxTime === '0' ? null : Number(tx.timeBounds.maxTime),
    operationCode,
    envelopeXdr,
    resultXdr: paymentResultXdr(feeCharged, operationCode),
  };
  ledger.record(applied);
  return { kind: 'applied', tx: applied, known: false };
}
