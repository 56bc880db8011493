import type { RewardRow, RewardState } from './reward-row.ts';
import { rewardView, type RewardView } from './reward-view.ts';

/**
 * A reward as the public API (/v1) answers it and as its events carry it: what it is, where it stands,
 * and what it became upstream. The schema that documents it is public-api/reward-schemas.ts.
 */
export interface PublicReward {
  id: string;
  state: RewardState;
  uid: string;
  amount: string;
  memo: string;
  metadata: Record<string, unknown>;
  requestedBy: string;
  approvedBy: string | null;
  rejection: { reason: string; at: string } | null;
  batchId: string | null;
  refundOf: string | null;
  paymentId: string | null;
  network: string | null;
  txid: string | null;
  transactionLink: string | null;
  blockedBy: string | null;
  error: { code: string; message: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** A refund as the public API answers it: the reward that pays it back, and the payment it refunds. */
export type PublicRefund = Pick<PublicReward, 'id' | 'state' | 'uid' | 'amount' | 'memo' | 'paymentId' | 'network' | 'txid' | 'transactionLink' | 'error' | 'createdAt' | 'updatedAt'> & { refundOf: string };

/** The console's view of a reward, less what only its pages need (who by email, what a person may do next). */
export function publicRewardOf(view: RewardView): PublicReward {
  return {
    id: view.id,
    state: view.state,
    uid: view.uid,
    amount: view.amount,
    memo: view.memo,
    metadata: view.metadata,
    requestedBy: view.requestedBy.id,
    approvedBy: view.approvedBy,
    rejection: view.rejection && { reason: view.rejection.reason, at: view.rejection.at },
    batchId: view.batchId,
    refundOf: view.refundOf,
    paymentId: view.paymentId,
    network: view.network,
    txid: view.txid,
    transactionLink: view.transactionLink,
    blockedBy: view.blockedBy,
    error: view.error,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
  };
}

/** The reward of a row in hand, as the public API would answer it; `txLink` is its payment's transaction link. */
export function publicRewardOfRow(reward: RewardRow, txLink: string | null): PublicReward {
  return publicRewardOf(rewardView({ reward, txLink, requesterEmail: null, requesterKeyName: null, rejecterEmail: null, userNames: null }));
}

export function publicRefundOf(refund: Omit<PublicRefund, 'refundOf'> & { refundOf: string }): PublicRefund {
  const { id, state, uid, amount, memo, paymentId, network, txid, transactionLink, error, createdAt, updatedAt, refundOf } = refund;
  return { id, state, uid, amount, memo, paymentId, network, txid, transactionLink, error, createdAt, updatedAt, refundOf };
}
