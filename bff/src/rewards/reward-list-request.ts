import { z } from 'zod';
import { blankAsAbsent, commaSeparated } from '../http/query-params.ts';
import { REWARD_STATES } from '../store/schema.ts';
import type { RewardState } from './reward-row.ts';

/** A page of the rewards list as the routes ask for it: filters, the cursor of the page before, and its size. */
export interface RewardListRequest {
  state?: RewardState[] | undefined;
  uid?: string | undefined;
  requestedBy?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** The filters of the rewards list, as query parameters (the list's and its CSV export's). */
export const rewardFiltersSchema = z.object({
  state: blankAsAbsent(commaSeparated(REWARD_STATES)).meta({ description: `Only rewards in these states, comma-separated: ${REWARD_STATES.join(', ')}.` }),
  uid: blankAsAbsent(z.string().max(200)).meta({ description: "Only the rewards of this user (the platform's uid)." }),
  requestedBy: blankAsAbsent(z.uuid('is not a staff id')).meta({ description: 'Only the rewards this staff member or API key asked for (its id).' }),
});

/** A page of the rewards list, newest first. */
export const rewardListSchema = rewardFiltersSchema.extend({
  cursor: blankAsAbsent(z.string().max(300)).meta({ description: "The `nextCursor` of the page before; leave it out for the first page." }),
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: 'Rewards on the page.' }),
}) satisfies z.ZodType<RewardListRequest>;
