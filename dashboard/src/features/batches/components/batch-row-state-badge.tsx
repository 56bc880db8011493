import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { rewardStateTones, rewardStateWords } from '../../../display/reward/reward-states.ts';
import type { BatchRow } from '../api/get-batch-rows.ts';

/** A row's state: its reward's, in the words the console writes rewards in, or why it has none. */
const words: Record<BatchRow['state'], string> = { ...rewardStateWords, invalid: 'Not paid: a problem in the file', not_started: 'Not started' };
const tones: Record<BatchRow['state'], BadgeTone> = { ...rewardStateTones, invalid: 'danger', not_started: 'neutral' };

export function BatchRowStateBadge({ state }: { state: BatchRow['state'] }) {
  return <Badge tone={tones[state]}>{words[state]}</Badge>;
}
