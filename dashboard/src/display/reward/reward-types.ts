import type { InferResponseType } from 'hono/client';
import type { api } from '../../lib/api-client.ts';

export type RewardDetail = InferResponseType<(typeof api.rewards)[':id']['$get']>;

/** One reward to a user, as the console drives it: its state, its payment and transaction, and why it stopped if it did. */
export type Reward = RewardDetail['reward'];

export type RewardState = Reward['state'];

/** A recovery point the console committed on the way. */
export type RewardEvent = RewardDetail['events'][number];
