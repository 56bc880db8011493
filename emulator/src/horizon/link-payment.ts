import { toStroops } from '../amount.ts';
import type { PaymentView } from '../dto.ts';
import { successful } from '../state/ledger.ts';
import type { LedgerTransaction } from '../state/ledger.ts';
import type { PaymentRecord } from '../state/payment-record.ts';
import { isSettled } from '../state/payment-record.ts';
import type { PaymentBook } from '../state/payments.ts';

/** What the platform finds wrong when it checks a transaction against the A2U payment its memo names. */
function mismatch(payment: PaymentRecord, tx: LedgerTransaction, view: PaymentView): string | null {
  if (toStroops(payment.amount) !== tx.amount) return 'tx_amount_mismatch';
  if (tx.destination !== payment.user.walletAddress) return 'tx_destination_mismatch';
  if (tx.source !== view.appWalletAddress) return 'tx_source_mismatch';
  return null;
}

/**
 * The platform watching the chain: a successful transaction whose text memo names an open A2U
 * payment without a transaction becomes that payment's transaction, verified when it matches.
 */
export function linkToPayment(payments: PaymentBook, tx: LedgerTransaction, view: PaymentView, now: number): void {
  if (!successful(tx) || tx.memoType !== 'text' || tx.memo === null) return;
  const payment = payments.get(tx.memo);
  if (payment === undefined || payment.direction !== 'app_to_user' || isSettled(payment)) return;
  if (payment.txid !== null) {
    payments.noteUnlinkedTransaction(payment, tx.hash);
    return;
  }
  const verificationError = mismatch(payment, tx, view);
  payments.recordA2UTransaction(payment, { txid: tx.hash, verified: verificationError === null, verificationError }, now);
}
