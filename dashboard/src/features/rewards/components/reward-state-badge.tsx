import { Badge } from '../../../components/badge.tsx';
import type { RewardState } from '../api/get-reward.ts';
import { rewardStateTones, rewardStateWords } from '../reward-states.ts';

/** Where the reward stands, in words. */
export function RewardStateBadge({ state }: { state: RewardState }) {
  return <Badge tone={rewardStateTones[state]}>{rewardStateWords[state]}</Badge>;
}
