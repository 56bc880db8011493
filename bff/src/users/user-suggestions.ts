import { sql } from 'drizzle-orm';
import type { PaymentState } from '../../../common/payment-states.ts';
import type { Database } from '../store/database.ts';
import { userNamesOf, type UserNames } from '../store/app-user-names.ts';
import { escapeLike } from '../store/like-pattern.ts';
import { rowsOf } from '../store/result-rows.ts';
import { trimAmount } from '../payments/payment-view.ts';
import { nameSearchKey } from '../../../common/name-search-key.ts';

/** At most this many users per answer, and this many of each one's latest payments. */
export const MAX_SUGGESTIONS = 20;
export const LAST_PAYMENTS = 3;

/** One of a suggested user's latest payments, in either direction. */
export interface SuggestedPayment {
  id: string;
  /** Decimal string, exact. */
  amount: string;
  /** The payment's network, which names its currency. */
  network: string;
  created: string;
  state: PaymentState;
}

export interface UserSuggestion {
  uid: string;
  /** The app's names of the user; null when it named them nothing. */
  userNames: UserNames | null;
  /** Newest first; none for a user the app named who has no payment in the index. */
  lastPayments: SuggestedPayment[];
}

/** A chosen user with one of their latest payments, or with none (every payment column null). */
type SuggestionRow = { uid: string; username: string | null; display_name: string | null } & (
  | { id: string; amount: string; network: string; created_at: Date | string; state: PaymentState }
  | { id: null }
);

/**
 * Users whose name or uid starts with what staff typed, from the console's own store: no platform call.
 * A name matches whatever its case and compatibility forms (`nameSearchKey`), a uid exactly.
 */
export class UserSuggestions {
  constructor(private readonly db: Database) {}

  /** Users named so first (by the name that matched, in byte order), then uids of the payment index in byte order; each with its latest payments. */
  async startingWith(prefix: string): Promise<UserSuggestion[]> {
    const namePattern = `${escapeLike(nameSearchKey(prefix))}%`;
    // by_uid is a loose index scan on payments_uid_pattern: each step asks for the next distinct uid
    // after the last one, so a user with many payments costs one probe, and the walk stops at the first
    // uid past the prefix (the uids that start with it are one run in byte order) or at the limit.
    // by_name reads each name index (text_pattern_ops) from the prefix on, at most the limit of each.
    const result = await this.db.execute(sql`
      WITH RECURSIVE by_uid (uid, n) AS (
          SELECT first.uid, 1
            FROM (SELECT user_uid AS uid FROM payments WHERE user_uid ~>=~ ${prefix}::text ORDER BY user_uid USING ~<~ LIMIT 1) AS first
           WHERE starts_with(first.uid, ${prefix}::text)
        UNION ALL
          SELECT next.uid, by_uid.n + 1
            FROM by_uid
           CROSS JOIN LATERAL (SELECT user_uid AS uid FROM payments WHERE user_uid ~>~ by_uid.uid ORDER BY user_uid USING ~<~ LIMIT 1) AS next
           WHERE by_uid.n < ${MAX_SUGGESTIONS}::int AND starts_with(next.uid, ${prefix}::text)
      ),
      by_name AS (
          (SELECT uid, display_name_key AS key FROM app_user_names WHERE display_name_key LIKE ${namePattern}::text ORDER BY display_name_key USING ~<~ LIMIT ${MAX_SUGGESTIONS}::int)
        UNION ALL
          (SELECT uid, username_key FROM app_user_names WHERE username_key LIKE ${namePattern}::text ORDER BY username_key USING ~<~ LIMIT ${MAX_SUGGESTIONS}::int)
      ),
      chosen AS (
        SELECT uid, rank, key, n FROM (
            SELECT DISTINCT ON (uid) uid, rank, key, n FROM (
                SELECT uid, 0 AS rank, key COLLATE "C" AS key, 0 AS n FROM by_name
              UNION ALL
                SELECT uid, 1, '' COLLATE "C", n FROM by_uid
            ) AS candidates
            ORDER BY uid, rank, key
        ) AS each_once
        ORDER BY rank, key, n
        LIMIT ${MAX_SUGGESTIONS}::int
      )
      SELECT chosen.uid, names.username, names.display_name, latest.id, latest.amount::text AS amount, latest.network, latest.created_at, latest.state
        FROM chosen
        LEFT JOIN app_user_names AS names ON names.uid = chosen.uid
        LEFT JOIN LATERAL (
             SELECT id, amount, network, created_at, state FROM payments
              WHERE user_uid = chosen.uid
              ORDER BY created_at DESC, id DESC
              LIMIT ${LAST_PAYMENTS}) AS latest ON true
       ORDER BY chosen.rank, chosen.key, chosen.n, latest.created_at DESC, latest.id DESC`);
    const byUid = new Map<string, UserSuggestion>();
    for (const row of rowsOf<SuggestionRow>(result)) {
      const user = byUid.get(row.uid) ?? { uid: row.uid, userNames: userNamesOf({ username: row.username, displayName: row.display_name }), lastPayments: [] };
      if (row.id !== null) {
        user.lastPayments.push({ id: row.id, amount: trimAmount(row.amount), network: row.network, created: new Date(row.created_at).toISOString(), state: row.state });
      }
      byUid.set(row.uid, user);
    }
    return [...byUid.values()];
  }
}
