import type { Transaction } from '../store/executor.ts';

/**
 * What makes a reward a refund: the user-to-app payment it refunds, and the check that it fits what is
 * left of that payment. Refunds (refunds/, above rewards) answer the check; a reward's request runs it
 * in the transaction that inserts the reward, after the payout gate's lock and before its admission,
 * so that the check and the insert are one step under the payment's lock.
 */
export interface RefundClaim {
  paymentId: string;
  /** Refuses (throws a refusal) when the refund does not fit; holds the payment's lock until the transaction ends. */
  fits(tx: Transaction): Promise<void>;
}
