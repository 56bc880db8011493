import type { Payment } from '../platform/schemas.ts';
import type { StatementDefinition } from '../store/prepared-statement.ts';

/** A snapshot of a payment and when it was taken. */
export interface Sighting {
  payment: Payment;
  at: Date;
}

/**
 * Moves the sync time of every payment whose indexed flags and transaction match its snapshot (and
 * whose sync time is not newer), in one prepared statement for any number of payments: the common
 * case of look-ups, refreshes and ingests. Answers the ids it touched. At most one sighting per id.
 */
export const TOUCH_UNCHANGED = {
  name: 'payments_touch_unchanged',
  parameterCount: 1,
  // Rows of payments are locked in id order, as record() locks them, so that two writers of
  // overlapping sets (concurrent ingests, a batch of look-ups) wait for each other instead of
  // deadlocking. Only the locking read sees what a writer that held a lock committed meanwhile,
  // so the flags are compared with what it returns. The ids go in as an array, probed one by one in
  // the key's index: as `IN (SELECT …)` the planner, guessing 100 rows from json_to_recordset, hashed
  // a small table whole (on PGlite 0.7 ms a statement against 0.25).
  text: `
    WITH s AS (
      SELECT * FROM json_to_recordset($1::json) AS s(id text, at timestamptz, developer_approved boolean, transaction_verified boolean,
             developer_completed boolean, cancelled boolean, user_cancelled boolean, txid text, tx_verified boolean)
    ), locked AS MATERIALIZED (
      SELECT id, developer_approved, transaction_verified, developer_completed, cancelled, user_cancelled, txid, tx_verified
        FROM payments WHERE id = ANY (ARRAY(SELECT id FROM s)) ORDER BY id FOR UPDATE
    )
    UPDATE payment_syncs AS ps SET last_synced_at = s.at
      FROM s JOIN locked AS p ON p.id = s.id
     WHERE ps.payment_id = s.id AND ps.last_synced_at <= s.at
       AND p.developer_approved = s.developer_approved AND p.transaction_verified = s.transaction_verified
       AND p.developer_completed = s.developer_completed AND p.cancelled = s.cancelled AND p.user_cancelled = s.user_cancelled
       AND (s.txid IS NULL AND p.txid IS NULL OR p.txid = s.txid AND p.tx_verified = s.tx_verified)
    RETURNING ps.payment_id AS id`,
} satisfies StatementDefinition;

/** The statement's one parameter. */
export function touchParameter(sightings: readonly Sighting[]): string {
  return JSON.stringify(
    sightings.map(({ payment: { identifier, status, transaction }, at }) => ({
      id: identifier,
      at: at.toISOString(),
      developer_approved: status.developer_approved,
      transaction_verified: status.transaction_verified,
      developer_completed: status.developer_completed,
      cancelled: status.cancelled,
      user_cancelled: status.user_cancelled,
      txid: transaction?.txid ?? null,
      tx_verified: transaction?.verified ?? null,
    })),
  );
}
