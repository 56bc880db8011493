import { xdr } from '@stellar/stellar-sdk';
import type { PaymentOperationCode } from '../state/ledger.ts';

/** Why a transaction was refused before it reached a ledger: nothing moved, no sequence or fee was consumed. */
export type RejectionCode =
  | 'tx_too_early'
  | 'tx_too_late'
  | 'tx_missing_operation'
  | 'tx_insufficient_fee'
  | 'tx_no_source_account'
  | 'tx_bad_seq'
  | 'tx_bad_auth'
  | 'tx_insufficient_balance'
  | 'tx_not_supported';

const { TransactionResultResult: Result, PaymentResult } = xdr;

const REJECTIONS: Record<RejectionCode, () => xdr.TransactionResultResult> = {
  tx_too_early: () => Result.txTooEarly(),
  tx_too_late: () => Result.txTooLate(),
  tx_missing_operation: () => Result.txMissingOperation(),
  tx_insufficient_fee: () => Result.txInsufficientFee(),
  tx_no_source_account: () => Result.txNoAccount(),
  tx_bad_seq: () => Result.txBadSeq(),
  tx_bad_auth: () => Result.txBadAuth(),
  tx_insufficient_balance: () => Result.txInsufficientBalance(),
  tx_not_supported: () => Result.txNotSupported(),
};

const PAYMENT_RESULTS: Record<PaymentOperationCode, () => xdr.PaymentResult> = {
  op_success: () => PaymentResult.paymentSuccess(),
  op_underfunded: () => PaymentResult.paymentUnderfunded(),
  op_no_destination: () => PaymentResult.paymentNoDestination(),
};

function encode(feeCharged: bigint, result: xdr.TransactionResultResult): string {
  return new xdr.TransactionResult({ feeCharged: xdr.Int64.fromString(String(feeCharged)), result, ext: new xdr.TransactionResultExt(0) }).toXDR('base64');
}

/** The TransactionResult XDR (base64) of a transaction refused before apply. */
export const rejectionResultXdr = (code: RejectionCode): string => encode(0n, REJECTIONS[code]());

/** The TransactionResult XDR (base64) of an applied one-payment transaction. */
export function paymentResultXdr(feeCharged: bigint, code: PaymentOperationCode): string {
  const operations = [xdr.OperationResult.opInner(xdr.OperationResultTr.payment(PAYMENT_RESULTS[code]()))];
  return encode(feeCharged, code === 'op_success' ? Result.txSuccess(operations) : Result.txFailed(operations));
}

/** The TransactionResult XDR (base64) of an applied one-operation `create_account` transaction. */
export function createAccountResultXdr(feeCharged: bigint): string {
  const operations = [xdr.OperationResult.opInner(xdr.OperationResultTr.createAccount(xdr.CreateAccountResult.createAccountSuccess()))];
  return encode(feeCharged, Result.txSuccess(operations));
}
