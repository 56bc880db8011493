import { sql } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { rowsOf } from '../store/result-rows.ts';

/** Which users the console has seen: a payment to or from them is in its index (as the user page finds them). */
export class KnownUsers {
  constructor(private readonly db: Database) {}

  /** Those of `uids` the index holds a payment of; one statement however many, each a probe of payments_user_created. */
  async among(uids: readonly string[]): Promise<Set<string>> {
    if (uids.length === 0) return new Set();
    const result = await this.db.execute(sql`
      SELECT q.uid FROM (SELECT DISTINCT value AS uid FROM json_array_elements_text(${JSON.stringify(uids)}::json)) AS q
       WHERE EXISTS (SELECT 1 FROM payments p WHERE p.user_uid = q.uid)`);
    return new Set(rowsOf<{ uid: string }>(result).map((row) => row.uid));
  }
}
