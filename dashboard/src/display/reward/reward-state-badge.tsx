import { Badge } from '../../components/badge.tsx';
import type { RewardState } from './reward-types.ts';
import { rewardStateTones, rewardStateWords } from './reward-states.ts';

/** Where the reward stands, in words; a transaction waiting for its ledger says how long a ledger takes, when the pace is known. */
export function RewardStateBadge({ state, ledgerMs = null }: { state: RewardState; ledgerMs?: number | null }) {
  const pace = state === 'signed' && ledgerMs !== null ? ` (about ${Math.max(1, Math.round(ledgerMs / 1000))} s)` : '';
  return <Badge tone={rewardStateTones[state]}>{`${rewardStateWords[state]}${pace}`}</Badge>;
}
