import { sql } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { rowsOf } from '../store/result-rows.ts';

/**
 * Batch rows still to pay, over every batch: their rewards not yet completed or ended. The predicate
 * is the partial index rewards_batch_unfinished's, so only those rows are read.
 */
export async function batchRowsLeft(db: Database): Promise<number> {
  const answer = await db.execute<{ n: string | number }>(sql`
    SELECT count(*) AS n FROM rewards
    WHERE batch_id IS NOT NULL AND state IN ('awaiting_approval', 'requested', 'created', 'signed', 'submitted')`);
  return Number(rowsOf<{ n: string | number }>(answer)[0]?.n ?? 0);
}
