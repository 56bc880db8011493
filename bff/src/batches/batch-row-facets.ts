import { and, inArray, isNotNull, isNull, not, or, type SQL } from 'drizzle-orm';
import type { RewardState } from '../rewards/reward-row.ts';
import { rewards } from '../store/schema.ts';

/** How a batch's rows are told apart on its page: each row is in exactly one. */
export const BATCH_ROW_FACETS = ['paid', 'failed', 'waiting', 'blocked', 'not_paid'] as const;
export type BatchRowFacet = (typeof BATCH_ROW_FACETS)[number];

export const PAID_STATES: readonly RewardState[] = ['completed'];
/** Ended without paying: failed, or set aside for a person. */
export const FAILED_STATES: readonly RewardState[] = ['failed', 'needs_attention'];
export const CANCELLED_STATES: readonly RewardState[] = ['cancelled', 'rejected'];
/** Still to be paid, approval included. */
const GOING_STATES: readonly RewardState[] = ['awaiting_approval', 'requested', 'created', 'signed', 'submitted'];

/** A row waiting because another payment is open on the platform (the ongoing-payment rule): it goes at no ledger's pace. */
export const isBlocked: SQL = and(inArray(rewards.state, ['requested', 'created']), isNotNull(rewards.blockedBy)) as SQL;

/** The rows of a facet, over the uploaded rows left-joined to their rewards (an invalid or not started row has none). */
export function facetCondition(facet: BatchRowFacet): SQL {
  switch (facet) {
    case 'paid':
      return inArray(rewards.state, [...PAID_STATES]);
    case 'failed':
      return inArray(rewards.state, [...FAILED_STATES]);
    case 'blocked':
      return isBlocked;
    case 'waiting':
      return and(inArray(rewards.state, [...GOING_STATES]), not(isBlocked)) as SQL;
    case 'not_paid':
      return or(isNull(rewards.id), inArray(rewards.state, [...CANCELLED_STATES])) as SQL;
  }
}

/**
 * How many rows each facet holds, from the batch's reward counts: the rows without a reward (invalid,
 * or the batch not started) are not paid, with the cancelled ones.
 */
export function facetCounts(rowCount: number, counts: ReadonlyMap<RewardState, number>, blocked: number): Record<BatchRowFacet, number> {
  const sum = (states: readonly RewardState[]) => states.reduce((total, state) => total + (counts.get(state) ?? 0), 0);
  const withReward = [...counts.values()].reduce((a, b) => a + b, 0);
  return {
    paid: sum(PAID_STATES),
    failed: sum(FAILED_STATES),
    waiting: sum(GOING_STATES) - blocked,
    blocked,
    not_paid: rowCount - withReward + sum(CANCELLED_STATES),
  };
}
