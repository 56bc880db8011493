import { fromScaled, toScaled } from '../../../../common/amount.ts';
import { MAX_MEMO_LENGTH } from '../../../../common/limits.ts';
import { defaultRefundMemo } from '../../../../common/refund-memo.ts';
import { amountFieldProblem } from '../../lib/amount-field-problem.ts';
import { amountWithCurrency } from '../../lib/format-amount.ts';
import type { NewRefund } from './api/refund-payment.ts';

export type NewRefundProblems = Partial<Record<keyof NewRefund, string>>;

/** What the refund form needs of the payment: its id, amount, currency and payer, and what is left to refund. */
export interface RefundTarget {
  paymentId: string;
  amount: string;
  network: string | null;
  uid: string;
  remaining: string;
}

/** The refund form's fields checked with the server's rules, and against what is left (the server decides again); the refund when they will do. */
export function checkNewRefund(target: RefundTarget, fields: { amount: string; memo: string }): { refund: NewRefund } | { problems: NewRefundProblems } {
  const amount = fields.amount.trim();
  const memo = fields.memo.trim();
  const problems: NewRefundProblems = {};
  const badAmount = amountFieldProblem(amount);
  if (badAmount) problems.amount = badAmount;
  else if (toScaled(amount) > toScaled(target.remaining)) problems.amount = `Only ${amountWithCurrency(target.remaining, target.network)} is left to refund.`;
  if (memo.length > MAX_MEMO_LENGTH) problems.memo = `At most ${MAX_MEMO_LENGTH} characters; this memo has ${memo.length}.`;
  if (Object.keys(problems).length > 0) return { problems };
  return { refund: memo ? { amount, memo } : { amount } };
}

/** What confirming does, in words: who is paid what, from where, that it stays paid, and what is left after it. */
export function refundPreview(target: RefundTarget, refund: NewRefund): string[] {
  const left = toScaled(target.remaining) - toScaled(refund.amount);
  const after = left > 0n ? `${amountWithCurrency(fromScaled(left), target.network)} of the payment’s ${amountWithCurrency(target.amount, target.network)} will be left to refund.` : 'Nothing of the payment will be left to refund.';
  return [
    `The app wallet pays ${amountWithCurrency(refund.amount, target.network)} back to the user with uid ${target.uid}, who made this payment, with the memo “${refund.memo ?? defaultRefundMemo(target.paymentId)}”.`,
    `Once it is on the chain it cannot be taken back. ${after}`,
    'It is paid as a reward, through the same limits: above the approval threshold it waits for another manager or admin. Asking again for this same submission never pays twice.',
  ];
}
