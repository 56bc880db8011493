import type { RewardFilters } from './reward-filters.ts';

export const rewardKeys = {
  all: ['rewards'] as const,
  lists: () => [...rewardKeys.all, 'list'] as const,
  list: (filters: RewardFilters) => [...rewardKeys.lists(), filters] as const,
  details: () => [...rewardKeys.all, 'detail'] as const,
  detail: (id: string) => [...rewardKeys.details(), id] as const,
  /** An earlier reward like the one about to be paid (same user, amount and memo). */
  lookAlike: (wanted: { uid: string; amount: string; memo: string; except?: string }) => [...rewardKeys.all, 'look-alike', wanted] as const,
  /** Rewards and batches awaiting approval, as the signed-in staff member sees them. */
  awaiting: () => [...rewardKeys.all, 'awaiting-approval'] as const,
};
