import { fixedAmount } from '../../../common/amount.ts';
import type { AccountPayment } from '../chain/horizon-client.ts';
import type { walletTransactions } from '../store/schema.ts';
import type { FoundException } from './found-exception.ts';

/** What matching needs of a payment the platform knows (the index holds it). */
export interface KnownPayment {
  id: string;
  direction: 'user_to_app' | 'app_to_user';
  amountStroops: bigint;
  toAddress: string;
}

export interface PageKnowledge {
  wallet: string;
  /** The payments the page's memos name, as far as the platform knows them. */
  payments: ReadonlyMap<string, KnownPayment>;
  /** The console's reward behind a payment id. */
  rewardIdByPayment: ReadonlyMap<string, string>;
  /** Payment ids a successful outgoing operation read before already paid; matching adds to it. */
  paidOut: Set<string>;
}

export type WalletTransactionRow = typeof walletTransactions.$inferInsert;

export interface MatchedPage {
  rows: WalletTransactionRow[];
  exceptions: FoundException[];
}

/** The payment id a transaction names: its text memo (the platform's A2U and U2A transactions carry it). */
export function memoPaymentId(record: AccountPayment): string | null {
  return record.memoType === 'text' && record.memo !== null && record.memo.length > 0 ? record.memo : null;
}

function directionOf(record: AccountPayment, wallet: string): WalletTransactionRow['direction'] {
  if (record.from === wallet && record.to !== wallet) return 'out';
  if (record.to === wallet && record.from !== wallet) return 'in';
  // To itself (or an operation that moves nothing of the wallet's): no money in or out.
  return 'self';
}

/**
 * Ties each of the wallet's payment operations, in ledger order, to the payment it names and says
 * what does not tie. Failed transactions are kept (their fees count) but are not payments.
 */
export function matchPage(records: readonly AccountPayment[], knowledge: PageKnowledge, readAt: Date): MatchedPage {
  const rows: WalletTransactionRow[] = [];
  const exceptions: FoundException[] = [];
  for (const record of records) {
    const direction = directionOf(record, knowledge.wallet);
    const base = {
      pagingToken: record.pagingToken,
      ledgerOrder: record.pagingToken,
      hash: record.hash,
      ledger: record.ledger,
      createdAt: new Date(record.createdAt),
      successful: record.successful,
      direction,
      operationType: record.type,
      fromAddress: record.from,
      toAddress: record.to,
      amountStroops: record.amountStroops,
      feeStroops: record.source === knowledge.wallet ? record.feeChargedStroops : 0n,
      memoType: record.memoType,
      memo: record.memo,
      readAt,
    };
    const matched = matchOne(record, direction, knowledge);
    rows.push({ ...base, matchState: matched.state, matchedPaymentId: matched.paymentId, matchedRewardId: matched.rewardId });
    exceptions.push(...matched.exceptions);
  }
  return { rows, exceptions };
}

interface Match {
  state: WalletTransactionRow['matchState'];
  paymentId: string | null;
  rewardId: string | null;
  exceptions: FoundException[];
}

const unmatchedState = (state: Match['state']): Match => ({ state, paymentId: null, rewardId: null, exceptions: [] });

function matchOne(record: AccountPayment, direction: WalletTransactionRow['direction'], knowledge: PageKnowledge): Match {
  if (!record.successful) return unmatchedState('failed');
  if (record.amountStroops === null) return unmatchedState('not_payment');
  if (direction === 'self') return unmatchedState('self');
  // The account's own creation funds it: its opening, not a payment to match.
  if (record.type === 'create_account' && direction === 'in') return unmatchedState('not_payment');
  const named = memoPaymentId(record);
  const payment = named === null ? undefined : knowledge.payments.get(named);
  return direction === 'out' ? matchOutgoing(record, payment, knowledge) : matchIncoming(record, payment);
}

function exceptionOf(record: AccountPayment, kind: FoundException['kind'], detail: string, counterparty: string | null, link: { paymentId: string | null; rewardId: string | null }): FoundException {
  return { kind, subject: record.pagingToken, txHash: record.hash, amountStroops: record.amountStroops, counterparty, detail, ...link };
}

function matchOutgoing(record: AccountPayment, payment: KnownPayment | undefined, knowledge: PageKnowledge): Match {
  if (payment?.direction !== 'app_to_user') {
    const detail = record.memo === null ? 'Money left the wallet without a memo naming a payment.' : `Money left the wallet with the memo "${record.memo}", which names no A2U payment the platform knows.`;
    return { ...unmatchedState('unmatched'), exceptions: [exceptionOf(record, 'unmatched_outflow', detail, record.to, { paymentId: null, rewardId: null })] };
  }
  const link = { paymentId: payment.id, rewardId: knowledge.rewardIdByPayment.get(payment.id) ?? null };
  if (knowledge.paidOut.has(payment.id)) {
    return { state: 'duplicate', ...link, exceptions: [exceptionOf(record, 'double_payment', `Payment ${payment.id} was already paid by an earlier transaction of this wallet.`, record.to, link)] };
  }
  knowledge.paidOut.add(payment.id);
  const exceptions: FoundException[] = [];
  const amount = record.amountStroops ?? 0n;
  if (amount !== payment.amountStroops) {
    exceptions.push(exceptionOf(record, 'amount_mismatch', `The chain paid ${fixedAmount(amount)}; payment ${payment.id} is for ${fixedAmount(payment.amountStroops)}.`, record.to, link));
  }
  if (record.to !== payment.toAddress) {
    exceptions.push(exceptionOf(record, 'destination_mismatch', `The chain paid ${record.to ?? 'nobody'}; payment ${payment.id} is to ${payment.toAddress}.`, record.to, link));
  }
  return { state: link.rewardId === null ? 'outside_console' : 'console', ...link, exceptions };
}

function matchIncoming(record: AccountPayment, payment: KnownPayment | undefined): Match {
  if (payment?.direction !== 'user_to_app') {
    const detail = record.memo === null ? 'Money came in without a memo naming a payment.' : `Money came in with the memo "${record.memo}", which names no U2A payment the platform knows.`;
    return { ...unmatchedState('unmatched'), exceptions: [exceptionOf(record, 'unmatched_inflow', detail, record.from, { paymentId: null, rewardId: null })] };
  }
  const link = { paymentId: payment.id, rewardId: null };
  const amount = record.amountStroops ?? 0n;
  const exceptions =
    amount === payment.amountStroops ? [] : [exceptionOf(record, 'amount_mismatch', `The user paid ${fixedAmount(amount)}; payment ${payment.id} is for ${fixedAmount(payment.amountStroops)}.`, record.from, link)];
  return { state: 'user_payment', ...link, exceptions };
}
