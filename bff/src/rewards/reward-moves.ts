import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import { explain } from './reward-explanations.ts';
import type { RewardState } from './reward-store.ts';

/** Where many rewards go at once, outside any lease: their new state, the timeline's step, and why. */
export interface RewardMove {
  to: RewardState;
  step: string;
  /** The reason kept on each reward (its plain words from `explain`); null clears it. */
  code: string | null;
  /** Who approved them, when this move is an approval. */
  approvedBy?: string;
  /** Who rejected them and why, when this move is a rejection. */
  rejection?: { by: string; reason: string };
  at: Date;
}

/** Moves the rewards `where` picks, each with its timeline event, in one statement; answers their ids. */
export async function moveRewardsWhere(tx: Transaction, where: SQL, move: RewardMove): Promise<string[]> {
  const at = move.at.toISOString();
  const rejected = move.rejection ? sql`, rejected_by = ${move.rejection.by}::uuid, rejection_reason = ${move.rejection.reason}, rejected_at = ${at}::timestamptz` : sql``;
  const moved = await tx.execute<{ id: string }>(sql`
    WITH moved AS (
      UPDATE rewards SET state = ${move.to}, error_code = ${move.code}, error_message = ${move.code ? explain(move.code) : null},
                         approved_by = coalesce(${move.approvedBy ?? null}::uuid, approved_by), updated_at = ${at}::timestamptz${rejected}
      WHERE ${where} RETURNING id, state),
    events AS (INSERT INTO reward_events (reward_id, at, state, step, detail) SELECT id, ${at}::timestamptz, state, ${move.step}, '{}'::jsonb FROM moved)
    SELECT id FROM moved`);
  return rowsOf<{ id: string }>(moved).map((row) => row.id);
}
