import type { BadgeTone } from '../../components/badge.tsx';
import type { RewardState } from './reward-types.ts';

/** Where a reward stands, in the words staff use; the unfinished ones say which step they are at. */
export const rewardStateWords: Record<RewardState, string> = {
  awaiting_approval: 'Awaiting approval',
  requested: 'Paying… (requested)',
  created: 'Paying… (payment created)',
  // Signed and stored, then sent: Horizon answers when a ledger (one about every 5 s) takes it.
  signed: 'Sent; waiting for the ledger',
  submitted: 'Paying… (on the ledger, completing)',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  needs_attention: 'Needs a person',
  rejected: 'Rejected',
};

export const rewardStateTones: Record<RewardState, BadgeTone> = {
  awaiting_approval: 'warning',
  requested: 'warning',
  created: 'warning',
  signed: 'warning',
  submitted: 'warning',
  completed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  needs_attention: 'danger',
  rejected: 'neutral',
};

/** Every state, in the order a reward moves through them. */
export const rewardStates = Object.keys(rewardStateWords) as RewardState[];

const unfinishedStates: readonly RewardState[] = ['requested', 'created', 'signed', 'submitted'];

/** An unfinished reward is still being driven, so it can change any moment. */
export function isUnfinished(state: RewardState): boolean {
  return unfinishedStates.includes(state);
}

/** How often unfinished rewards are read again while they are on screen. */
export const UNFINISHED_REWARD_REFRESH_MS = 3_000;

/** The code a reward waits with while the console has no app wallet to sign its transaction. */
export const AWAITING_WALLET = 'awaiting_wallet';
