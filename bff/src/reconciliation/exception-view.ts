import { fixedAmount } from '../../../common/amount.ts';
import type { ExceptionRow } from './exception-store.ts';

/** An exception as staff see it: amounts as 7-place strings, who acted by email. */
export interface ExceptionView {
  id: string;
  kind: ExceptionRow['kind'];
  state: ExceptionRow['state'];
  txHash: string | null;
  /** The transaction on Horizon, when the exception names one and the console has a wallet. */
  transactionLink: string | null;
  amount: string | null;
  counterparty: string | null;
  paymentId: string | null;
  rewardId: string | null;
  detail: string;
  firstSeenAt: string;
  note: string | null;
  acknowledged: { by: string | null; at: string } | null;
  resolved: { by: string | null; at: string } | null;
}

/** How a transaction hash becomes its link on Horizon; null without an app wallet. */
export type TransactionLinker = ((hash: string) => string) | null;

export function exceptionView(row: ExceptionRow, transactionLink: TransactionLinker = null): ExceptionView {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    txHash: row.txHash,
    transactionLink: row.txHash && transactionLink ? transactionLink(row.txHash) : null,
    amount: row.amountStroops === null ? null : fixedAmount(row.amountStroops),
    counterparty: row.counterparty,
    paymentId: row.paymentId,
    rewardId: row.rewardId,
    detail: row.detail,
    firstSeenAt: row.firstSeenAt.toISOString(),
    note: row.note,
    acknowledged: row.acknowledgedAt ? { by: row.acknowledgedByEmail, at: row.acknowledgedAt.toISOString() } : null,
    resolved: row.resolvedAt ? { by: row.resolvedByEmail, at: row.resolvedAt.toISOString() } : null,
  };
}
