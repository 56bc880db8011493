import type { rewardEvents, rewards } from '../store/schema.ts';

export type RewardRow = typeof rewards.$inferSelect;
export type RewardState = RewardRow['state'];
export type RewardEventRow = typeof rewardEvents.$inferSelect;
/** What a step changes on the row; its state changes only through a move of the transitions table (reward-transitions.ts). */
export type RewardPatch = Partial<Omit<RewardRow, 'id' | 'requestedBy' | 'idempotencyKey' | 'requestHash' | 'createdAt' | 'state'>>;

/** A reward with what its views show beside it: who asked for it, who rejected it, its transaction's link, and its user's names. */
export interface RewardRecord {
  reward: RewardRow;
  requesterEmail: string | null;
  /** The name of the API key that asked for it, when a key did. */
  requesterKeyName: string | null;
  rejecterEmail: string | null;
  txLink: string | null;
  /** As `userNameColumns` reads them; null when the app never named the user. */
  userNames: { username: string | null; displayName: string | null } | null;
}

export const UNFINISHED_STATES = ['requested', 'created', 'signed', 'submitted'] as const satisfies readonly RewardState[];
