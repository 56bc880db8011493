import type { rewardEvents, rewards } from '../store/schema.ts';

export type RewardRow = typeof rewards.$inferSelect;
export type RewardState = RewardRow['state'];
export type RewardEventRow = typeof rewardEvents.$inferSelect;
/** What a step changes on the row; its state changes only through a move of the transitions table (reward-transitions.ts). */
export type RewardPatch = Partial<Omit<RewardRow, 'id' | 'requestedBy' | 'idempotencyKey' | 'requestHash' | 'createdAt' | 'state'>>;

export const UNFINISHED_STATES = ['requested', 'created', 'signed', 'submitted'] as const satisfies readonly RewardState[];
