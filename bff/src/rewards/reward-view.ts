import { retryCanSucceed } from '../../../common/retry-hope.ts';
import { userNamesOf, type UserNames } from '../store/app-user-names.ts';
import { rejectionView, type RejectionView } from './rejection.ts';
import type { RewardEventRow, RewardRecord, RewardState } from './reward-row.ts';

export interface RewardView {
  id: string;
  state: RewardState;
  uid: string;
  /** The app's names of the user; null when it named them nothing. */
  userNames: UserNames | null;
  amount: string;
  memo: string;
  metadata: Record<string, unknown>;
  /** A staff member (`email`), or an API key (`apiKey`: its name). */
  requestedBy: { id: string; email: string | null; apiKey: string | null };
  /** Who approved it, when it was above the approval threshold. */
  approvedBy: string | null;
  /** Who rejected it (or its batch) instead, when and why. */
  rejection: RejectionView | null;
  /** The batch this reward is a row of (approved, withdrawn and retried with its batch); null for a single reward. */
  batchId: string | null;
  paymentId: string | null;
  /** The user-to-app payment this reward refunds (to its payer); null for any other reward. */
  refundOf: string | null;
  /** The network of the reward's payment, as the PaymentDTO names it: what its amount is counted in. Null before the payment is created. */
  network: string | null;
  txid: string | null;
  /** The transaction on the blockchain's Horizon API, as the platform links it. */
  transactionLink: string | null;
  /** The open payment that keeps this reward from being created (the ongoing-payment rule). */
  blockedBy: string | null;
  error: { code: string; message: string } | null;
  /**
   * Safe now: retry (drive again, or after a failure build again) and cancel (nothing has moved; a
   * reward awaiting approval only by its requester, and a row of a batch awaiting approval only with its batch).
   */
  canRetry: boolean;
  canCancel: boolean;
  /** The network's pace (ms a ledger) while the reward's transaction waits for its ledger (state signed); null otherwise or when unknown. */
  ledgerMs: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface RewardEventView {
  at: string;
  state: string;
  step: string;
  detail: Record<string, unknown>;
  /** How many times the step was met in a row (1: once), and when last (null when once). */
  repeats: number;
  lastAt: string | null;
}

/** Shown without the scale's trailing zeros: "1.2500000" is "1.25". */
function plainAmount(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}

export function rewardView({ reward, requesterEmail, requesterKeyName, rejecterEmail, txLink, userNames }: RewardRecord, ledgerMs: number | null = null): RewardView {
  return {
    id: reward.id,
    state: reward.state,
    uid: reward.uid,
    userNames: userNamesOf(userNames),
    amount: plainAmount(reward.amount),
    memo: reward.memo,
    metadata: reward.metadata,
    requestedBy: { id: reward.requestedBy, email: requesterEmail, apiKey: requesterKeyName },
    approvedBy: reward.approvedBy,
    rejection: rejectionView(reward, rejecterEmail),
    batchId: reward.batchId,
    paymentId: reward.paymentId,
    refundOf: reward.refundOf,
    network: reward.network,
    txid: reward.txid,
    transactionLink: reward.txid ? txLink : null,
    blockedBy: reward.blockedBy,
    error: reward.errorCode ? { code: reward.errorCode, message: reward.errorMessage ?? reward.errorCode } : null,
    canRetry: (reward.state === 'failed' && retryCanSucceed(reward.errorCode)) || reward.state === 'requested' || reward.state === 'created' || reward.state === 'signed' || reward.state === 'submitted',
    canCancel: (reward.state === 'awaiting_approval' && reward.batchId === null) || reward.state === 'requested' || reward.state === 'created' || (reward.state === 'failed' && reward.paymentId !== null),
    ledgerMs: reward.state === 'signed' ? ledgerMs : null,
    createdAt: reward.createdAt.toISOString(),
    updatedAt: reward.updatedAt.toISOString(),
  };
}

export function rewardEventView(event: RewardEventRow): RewardEventView {
  return { at: event.at.toISOString(), state: event.state, step: event.step, detail: event.detail, repeats: event.repeats, lastAt: event.lastAt?.toISOString() ?? null };
}
