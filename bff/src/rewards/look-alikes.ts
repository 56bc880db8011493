import { sql } from 'drizzle-orm';
import { REFUSALS_NO_RETRY_MENDS } from '../../../common/retry-hope.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import type { Executor, Transaction } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
import type { RewardState } from './reward-row.ts';

/** How far back an earlier reward to the same user, for the same amount and memo, counts as a look-alike. */
export const LOOK_ALIKE_WINDOW_HOURS = 24;

/**
 * An earlier reward that looks like the one asked for: same user, same amount, same memo, requested
 * in the last day by anyone, and live: paid, on its way, awaiting approval, or failed where a retry
 * can still pay it. A cancelled or rejected one ended unpaid, and so did a failed one no retry can
 * mend. Idempotency keys are per staff member, so two people paying the same thing make two rewards;
 * this is what tells them, and what a new request must confirm (the payout gate's admission).
 */
export interface LookAlike {
  id: string;
  state: RewardState;
  /** A staff member (`email`), or an API key (`apiKey`: its name). */
  requestedBy: { id: string; email: string | null; apiKey: string | null };
  requestedAt: string;
  batchId: string | null;
}

/** What a reward looks like: whom it pays, how much, and its memo. */
export interface RewardLikeness {
  uid: string;
  amount: string;
  memo: string;
}

/** What a look-alike is searched for; `key` says which answer is whose. */
export interface LookAlikeQuery extends RewardLikeness {
  key: number;
}

interface LookAlikeRow {
  key: number;
  id: string;
  state: RewardState;
  requested_by: string;
  email: string | null;
  key_name: string | null;
  created_at: Date | string;
  batch_id: string | null;
}

export class LookAlikes {
  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  /** The latest look-alike of each query that has one, by key; `except` is left out (the reward itself, or a batch's own rows). */
  find(queries: readonly LookAlikeQuery[], except: { rewardId?: string; batchId?: string } = {}): Promise<Map<number, LookAlike>> {
    return this.search(this.deps.db, queries, except);
  }

  /** The latest look-alike of `wanted` as `tx` sees it, after the locks it took; null when there is none. */
  async latestIn(tx: Transaction, { uid, amount, memo }: RewardLikeness): Promise<LookAlike | null> {
    return (await this.search(tx, [{ key: 0, uid, amount, memo }], {})).get(0) ?? null;
  }

  private async search(executor: Executor, queries: readonly LookAlikeQuery[], except: { rewardId?: string; batchId?: string }): Promise<Map<number, LookAlike>> {
    if (queries.length === 0) return new Map();
    const since = new Date(this.deps.clock.now().getTime() - LOOK_ALIKE_WINDOW_HOURS * 3_600_000);
    const unmendable = sql.join(REFUSALS_NO_RETRY_MENDS.map((code) => sql`${code}`), sql`, `);
    // One statement for any number of queries; each probes rewards_uid (uid, created_at).
    const result = await executor.execute(sql`
      SELECT DISTINCT ON (q.key) q.key, r.id, r.state, r.requested_by, s.email, k.name AS key_name, r.created_at, r.batch_id
        FROM json_to_recordset(${JSON.stringify(queries)}::json) AS q(key int, uid text, amount numeric, memo text)
        JOIN rewards r ON r.uid = q.uid AND r.created_at >= ${since.toISOString()}::timestamptz AND r.amount = q.amount AND r.memo = q.memo
        LEFT JOIN staff s ON s.id = r.requested_by
        LEFT JOIN api_keys k ON k.id = r.requested_by
       WHERE r.state NOT IN ('cancelled', 'rejected') AND NOT (r.state = 'failed' AND r.error_code IS NOT NULL AND r.error_code IN (${unmendable}))
         AND r.id IS DISTINCT FROM ${except.rewardId ?? null}::uuid
         AND (${except.batchId ?? null}::uuid IS NULL OR r.batch_id IS DISTINCT FROM ${except.batchId ?? null}::uuid)
       ORDER BY q.key, r.created_at DESC`);
    return new Map(
      rowsOf<LookAlikeRow>(result).map((row) => [
        row.key,
        { id: row.id, state: row.state, requestedBy: { id: row.requested_by, email: row.email, apiKey: row.key_name }, requestedAt: new Date(row.created_at).toISOString(), batchId: row.batch_id },
      ]),
    );
  }
}
