import { Badge } from '../../../components/badge.tsx';
import { rewardInWords } from '../ad-check-words.ts';

/** The verdict as a badge, for tables. */
export function RewardVerdict({ reward }: { reward: boolean }) {
  return <Badge tone={reward ? 'success' : 'neutral'}>{rewardInWords(reward)}</Badge>;
}
