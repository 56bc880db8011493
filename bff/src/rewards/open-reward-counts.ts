import { count, inArray } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { rewards } from '../store/schema.ts';
import type { RewardState } from './reward-row.ts';
import { UNFINISHED_STATES } from './reward-row.ts';

/** The states work or a person still has to move a reward out of: few rows, whatever the history. */
export const OPEN_STATES = ['awaiting_approval', ...UNFINISHED_STATES, 'failed', 'needs_attention'] as const satisfies readonly RewardState[];
export type OpenState = (typeof OPEN_STATES)[number];

/**
 * How many rewards are in each open state now. Each group is the predicate of a partial index
 * (rewards_due, rewards_awaiting_approval, rewards_ended_unpaid), so the count reads only those
 * rows, never the completed history.
 */
export async function openRewardCounts(db: Database): Promise<Record<OpenState, number>> {
  const groups: Array<readonly OpenState[]> = [UNFINISHED_STATES, ['awaiting_approval'], ['failed', 'needs_attention']];
  const counts = Object.fromEntries(OPEN_STATES.map((state) => [state, 0])) as Record<OpenState, number>;
  const answers = await Promise.all(groups.map((states) => db.select({ state: rewards.state, n: count() }).from(rewards).where(inArray(rewards.state, [...states])).groupBy(rewards.state)));
  for (const { state, n } of answers.flat()) counts[state as OpenState] = n;
  return counts;
}
