import { sql } from 'drizzle-orm';
import type { PaymentState } from '../../../common/payment-states.ts';
import type { Database } from '../store/database.ts';
import { rowsOf } from '../store/result-rows.ts';
import { trimAmount } from '../payments/payment-view.ts';

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
  /** Newest first. */
  lastPayments: SuggestedPayment[];
}

interface SuggestionRow {
  uid: string;
  id: string;
  amount: string;
  network: string;
  created_at: Date | string;
  state: PaymentState;
}

/** Users of the console's payment index whose uid starts with what staff typed: no platform call. */
export class UserSuggestions {
  constructor(private readonly db: Database) {}

  /** In byte order of the uid; each with its latest payments. */
  async startingWith(prefix: string): Promise<UserSuggestion[]> {
    // A loose index scan on payments_uid_pattern: each step asks for the next distinct uid after the
    // last one, so a user with many payments costs one probe, and the walk stops at the first uid
    // past the prefix (the uids that start with it are one run in byte order) or at the limit.
    const result = await this.db.execute(sql`
      WITH RECURSIVE matching (uid, n) AS (
          SELECT first.uid, 1
            FROM (SELECT user_uid AS uid FROM payments WHERE user_uid ~>=~ ${prefix}::text ORDER BY user_uid USING ~<~ LIMIT 1) AS first
           WHERE starts_with(first.uid, ${prefix}::text)
        UNION ALL
          SELECT next.uid, matching.n + 1
            FROM matching
           CROSS JOIN LATERAL (SELECT user_uid AS uid FROM payments WHERE user_uid ~>~ matching.uid ORDER BY user_uid USING ~<~ LIMIT 1) AS next
           WHERE matching.n < ${MAX_SUGGESTIONS}::int AND starts_with(next.uid, ${prefix}::text)
      )
      SELECT matching.uid, latest.id, latest.amount::text AS amount, latest.network, latest.created_at, latest.state
        FROM matching
       CROSS JOIN LATERAL (
             SELECT id, amount, network, created_at, state FROM payments
              WHERE user_uid = matching.uid
              ORDER BY created_at DESC, id DESC
              LIMIT ${LAST_PAYMENTS}) AS latest
       ORDER BY matching.n, latest.created_at DESC, latest.id DESC`);
    const byUid = new Map<string, SuggestedPayment[]>();
    for (const row of rowsOf<SuggestionRow>(result)) {
      const payments = byUid.get(row.uid) ?? [];
      payments.push({ id: row.id, amount: trimAmount(row.amount), network: row.network, created: new Date(row.created_at).toISOString(), state: row.state });
      byUid.set(row.uid, payments);
    }
    return [...byUid].map(([uid, lastPayments]) => ({ uid, lastPayments }));
  }
}
