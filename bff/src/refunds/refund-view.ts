import type { RewardView } from '../rewards/reward-view.ts';

/**
 * A refund as its callers see it: the reward that pays it back to the payer (`id` is the reward's), and
 * `refundOf`, the user-to-app payment it refunds. `paymentId` is the refund's own app-to-user payment.
 */
export type RefundView = Pick<RewardView, 'id' | 'state' | 'uid' | 'amount' | 'memo' | 'paymentId' | 'network' | 'txid' | 'transactionLink' | 'error' | 'createdAt' | 'updatedAt'> & {
  refundOf: string;
};

/** A payment's refunds, and what is left to refund. */
export interface PaymentRefunds {
  paymentId: string;
  /** The payment's amount. */
  amount: string;
  /** What its refunds that count add up to: those paid or on their way (all but the ones that ended unpaid). */
  refunded: string;
  /** What may still be refunded: the amount less `refunded`; "0" when the payment cannot be refunded. */
  remaining: string;
  /** Why the payment cannot be refunded (not user-to-app, not completed), in words; null when it can. */
  notRefundable: { code: string; message: string } | null;
  /** Newest first. */
  refunds: RefundView[];
}

export function refundView(reward: RewardView & { refundOf: string }): RefundView {
  const { id, state, uid, amount, memo, paymentId, network, txid, transactionLink, error, createdAt, updatedAt, refundOf } = reward;
  return { id, refundOf, state, uid, amount, memo, paymentId, network, txid, transactionLink, error, createdAt, updatedAt };
}
