import type { RewardState } from './reward-row.ts';

/** A page of the rewards list as the routes ask for it: filters, the cursor of the page before, and its size. */
export interface RewardListRequest {
  state?: RewardState[] | undefined;
  uid?: string | undefined;
  requestedBy?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}
