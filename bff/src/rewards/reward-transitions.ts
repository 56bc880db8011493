import type { AuditAction } from '../audit/audit-action.ts';
import type { EventType } from '../events/event-types.ts';
import type { RewardRow, RewardState } from './reward-row.ts';

/** One allowed move of a reward's state. */
export interface RewardTransition {
  /** The states it leaves; none: the move makes a new reward. */
  from: readonly RewardState[];
  to: RewardState;
  /** The step of the console that makes it. */
  by: string;
  /** The event it writes on the reward's timeline. */
  event: string;
  /** The audit action it records: on the reward, or for a batch's moves once on the batch (`reward_batch.*`). */
  audit: AuditAction;
  /**
   * The events it records (event-types.ts), in its transaction: the reward's, and a single reward's
   * approval's (a batch row's approval is its batch's, recorded by the batch). `refund.completed` is
   * recorded only for a refund, beside its `reward.completed`.
   */
  emits: readonly RewardEventType[];
}

/** The events a reward's move may record. */
export type RewardEventType = Extract<EventType, `reward.${string}` | 'refund.completed' | `approval.${string}`>;

const NEW: readonly RewardState[] = [];

/**
 * Every move a reward's state may make, and nothing else: the one writer of the state column
 * (reward-state-writer.ts) takes a move by its name and refuses it from any state not in its `from`.
 * The pipeline's path is requested → created → signed → submitted → completed; `signed` goes back to
 * `created` only when the ledger proved its envelope can never apply.
 */
export const REWARD_TRANSITIONS = {
  // A new reward: a staff member's request, a payment adopted, a batch's valid rows when it starts.
  request: { from: NEW, to: 'requested', by: 'request', event: 'requested', audit: 'reward.request', emits: ['reward.created'] },
  request_for_approval: { from: NEW, to: 'awaiting_approval', by: 'request', event: 'requested', audit: 'reward.request', emits: ['reward.created', 'reward.awaiting_approval', 'approval.requested'] },
  adopt: { from: NEW, to: 'created', by: 'adopt a payment', event: 'adopted', audit: 'reward.adopt', emits: ['reward.created'] },
  adopt_for_approval: { from: NEW, to: 'awaiting_approval', by: 'adopt a payment', event: 'adopted', audit: 'reward.adopt', emits: ['reward.created', 'reward.awaiting_approval', 'approval.requested'] },
  batch_row: { from: NEW, to: 'requested', by: 'batch start', event: 'requested', audit: 'reward_batch.start', emits: ['reward.created'] },
  batch_row_for_approval: { from: NEW, to: 'awaiting_approval', by: 'batch start', event: 'requested', audit: 'reward_batch.start', emits: ['reward.created', 'reward.awaiting_approval'] },

  // The second person, and the requester's own withdrawal.
  approve: { from: ['awaiting_approval'], to: 'requested', by: 'approve', event: 'approved', audit: 'reward.approve', emits: ['approval.decided'] },
  approve_with_payment: { from: ['awaiting_approval'], to: 'created', by: 'approve', event: 'approved', audit: 'reward.approve', emits: ['approval.decided'] },
  reject: { from: ['awaiting_approval'], to: 'rejected', by: 'reject', event: 'rejected', audit: 'reward.reject', emits: ['approval.decided', 'reward.cancelled'] },
  withdraw: { from: ['awaiting_approval'], to: 'cancelled', by: 'requester may no longer pay', event: 'withdrawn', audit: 'reward.withdraw', emits: ['reward.cancelled'] },
  batch_approve: { from: ['awaiting_approval'], to: 'requested', by: 'batch approve', event: 'approved', audit: 'reward_batch.approve', emits: [] },
  batch_reject: { from: ['awaiting_approval'], to: 'rejected', by: 'batch reject', event: 'rejected', audit: 'reward_batch.reject', emits: ['reward.cancelled'] },
  batch_withdraw: { from: ['awaiting_approval'], to: 'cancelled', by: 'batch cancel', event: 'withdrawn', audit: 'reward_batch.cancel', emits: ['reward.cancelled'] },
  batch_withdraw_for_requester: { from: ['awaiting_approval'], to: 'cancelled', by: 'requester may no longer pay', event: 'withdrawn', audit: 'reward_batch.withdraw', emits: ['reward.cancelled'] },
  batch_cancel_not_started: { from: ['requested', 'awaiting_approval'], to: 'cancelled', by: 'batch cancel', event: 'cancelled', audit: 'reward_batch.cancel', emits: ['reward.cancelled'] },

  // Create (reward-create-step.ts).
  create: { from: ['requested'], to: 'created', by: 'create', event: 'created', audit: 'reward.create', emits: [] },
  find_after_lost_answer: { from: ['requested'], to: 'created', by: 'create', event: 'found_after_lost_answer', audit: 'reward.create', emits: [] },
  find_blocking: { from: ['requested'], to: 'created', by: 'create', event: 'found_blocking', audit: 'reward.create', emits: [] },
  create_refused: { from: ['requested'], to: 'failed', by: 'create', event: 'failed', audit: 'reward.create', emits: ['reward.failed'] },

  // Sign and send (reward-send-step.ts).
  sign: { from: ['created'], to: 'signed', by: 'sign and send', event: 'signed', audit: 'reward.sign', emits: [] },
  payment_cancelled: { from: ['created'], to: 'cancelled', by: 'sign and send', event: 'cancelled', audit: 'reward.cancel', emits: ['reward.cancelled'] },
  submit: { from: ['signed'], to: 'submitted', by: 'sign and send', event: 'submitted', audit: 'reward.submit', emits: [] },
  find_on_ledger: { from: ['signed'], to: 'submitted', by: 'sign and send', event: 'found_on_ledger', audit: 'reward.submit', emits: [] },
  abandon_envelope: { from: ['signed'], to: 'created', by: 'sign and send', event: 'envelope_abandoned', audit: 'reward.submit', emits: [] },
  ledger_failed: { from: ['signed'], to: 'failed', by: 'sign and send', event: 'failed', audit: 'reward.submit', emits: ['reward.failed'] },

  // Complete (reward-complete-step.ts).
  complete: { from: ['submitted'], to: 'completed', by: 'complete', event: 'completed', audit: 'reward.complete', emits: ['reward.completed', 'refund.completed'] },
  complete_refused: { from: ['submitted'], to: 'needs_attention', by: 'complete', event: 'needs_attention', audit: 'reward.complete', emits: ['reward.needs_attention'] },

  // Any step that meets a value no retry can mend: before signing nothing moved; after it a person must look.
  fail: { from: ['requested', 'created'], to: 'failed', by: 'any step', event: 'failed', audit: 'reward.fail', emits: ['reward.failed'] },
  set_aside: { from: ['created', 'signed', 'submitted'], to: 'needs_attention', by: 'any step', event: 'needs_attention', audit: 'reward.needs_attention', emits: ['reward.needs_attention'] },

  // A person's cancel and retry.
  cancel: { from: ['awaiting_approval', 'requested', 'created', 'failed'], to: 'cancelled', by: 'cancel', event: 'cancelled', audit: 'reward.cancel', emits: ['reward.cancelled'] },
  retry: { from: ['failed'], to: 'requested', by: 'retry', event: 'retried', audit: 'reward.retry', emits: [] },
  retry_with_payment: { from: ['failed'], to: 'created', by: 'retry', event: 'retried', audit: 'reward.retry', emits: [] },
} as const satisfies Record<string, RewardTransition>;

export type RewardMove = keyof typeof REWARD_TRANSITIONS;

export function transitionOf(move: RewardMove): RewardTransition {
  return REWARD_TRANSITIONS[move];
}

/** A move the table does not allow from the reward's state: a bug, never a person's mistake. */
export class IllegalRewardMove extends Error {
  constructor(
    readonly move: RewardMove,
    readonly state: RewardState | null,
  ) {
    super(`a reward ${state ?? 'that is new'} cannot make the move ${move} (from ${REWARD_TRANSITIONS[move].from.join(', ') || 'nothing: a new reward'})`);
    this.name = 'IllegalRewardMove';
  }
}

/** Refuses `move` from `state` (null: a reward not yet inserted) unless the table allows it. */
export function checkMove(move: RewardMove, state: RewardState | null): RewardTransition {
  const transition = transitionOf(move);
  const allowed = state === null ? transition.from.length === 0 : transition.from.includes(state);
  if (!allowed) throw new IllegalRewardMove(move, state);
  return transition;
}

/** Where a reward let through goes on from: its payment, if it has one, else its creation. */
export function approveMove(row: Pick<RewardRow, 'paymentId'>): 'approve' | 'approve_with_payment' {
  return row.paymentId ? 'approve_with_payment' : 'approve';
}

export function retryMove(row: Pick<RewardRow, 'paymentId'>): 'retry' | 'retry_with_payment' {
  return row.paymentId ? 'retry_with_payment' : 'retry';
}
