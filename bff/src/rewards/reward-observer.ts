import type { RewardState } from './reward-row.ts';

/** The states a reward stays in unless a person acts on it. */
export const ENDING_STATES = ['completed', 'failed', 'needs_attention', 'cancelled', 'rejected'] as const satisfies readonly RewardState[];
export type EndingState = (typeof ENDING_STATES)[number];

export function isEnding(state: RewardState): state is EndingState {
  return (ENDING_STATES as readonly RewardState[]).includes(state);
}

/**
 * What the reward pipeline tells whoever watches it (the metrics), once each move is committed:
 * rewards that ended and why, how long a completed one took from its request, and how many ledgers a
 * sent transaction waited for.
 */
export interface RewardObserver {
  /** `count` rewards reached `state` for the reason `code` (null: none, as a completed reward). */
  ended(state: EndingState, code: string | null, count: number): void;
  /** One reward completed this long after it was requested. */
  completedAfter(seconds: number): void;
  /** A sent transaction was applied in the ledger after this many ledgers (1: the first that closed). */
  ledgersWaited(ledgers: number): void;
}
