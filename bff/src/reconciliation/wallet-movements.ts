import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { rowsOf } from '../store/result-rows.ts';

/** What moved the wallet's balance over a span of the history read, in stroops. */
export interface Movements {
  incoming: bigint;
  outgoing: bigint;
  /** Fees the wallet paid, once per transaction, failed transactions' included. */
  fees: bigint;
}

export interface Span {
  /** Inclusive; from the first operation when absent. */
  from?: Date | undefined;
  /** Exclusive; to the last operation read when absent. */
  to?: Date | undefined;
}

export const net = ({ incoming, outgoing, fees }: Movements): bigint => incoming - outgoing - fees;

/** Sums over the wallet's recorded history: reads only. */
export class WalletMovements {
  constructor(private readonly db: Database) {}

  async over({ from, to }: Span = {}): Promise<Movements> {
    const bounds: SQL[] = [sql`true`];
    if (from) bounds.push(sql`created_at >= ${from.toISOString()}::timestamptz`);
    if (to) bounds.push(sql`created_at < ${to.toISOString()}::timestamptz`);
    const where = sql.join(bounds, sql` AND `);
    const result = await this.db.execute(sql`
      SELECT
        (SELECT coalesce(sum(amount_stroops), 0)::text FROM wallet_transactions WHERE ${where} AND successful AND direction = 'in' AND amount_stroops IS NOT NULL) AS incoming,
        (SELECT coalesce(sum(amount_stroops), 0)::text FROM wallet_transactions WHERE ${where} AND successful AND direction = 'out' AND amount_stroops IS NOT NULL) AS outgoing,
        (SELECT coalesce(sum(fee_stroops), 0)::text FROM (SELECT DISTINCT ON (hash) fee_stroops FROM wallet_transactions WHERE ${where} ORDER BY hash) fees) AS fees`);
    const [row] = rowsOf<{ incoming: string; outgoing: string; fees: string }>(result);
    return { incoming: BigInt(row?.incoming ?? '0'), outgoing: BigInt(row?.outgoing ?? '0'), fees: BigInt(row?.fees ?? '0') };
  }
}
