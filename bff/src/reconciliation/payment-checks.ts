import { sql } from 'drizzle-orm';
import { toScaled } from '../../../common/amount.ts';
import type { Database } from '../store/database.ts';
import { rowsOf } from '../store/result-rows.ts';
import type { FoundException } from './found-exception.ts';

/** How many payments one run checks for paid_not_completed; the rest wait for the next run. */
const PAID_NOT_COMPLETED_BATCH = 500;

interface MissingRow {
  payment_id: string;
  txid: string;
  amount: string;
  counterparty: string;
  reward_id: string | null;
}

interface PaidRow {
  payment_id: string;
  hash: string;
  amount_stroops: string;
  from_address: string | null;
}

/** The checks that start from payments rather than from the chain: reads only. */
export class PaymentChecks {
  constructor(private readonly db: Database) {}

  /**
   * `missing_on_chain`: payments and rewards of this wallet that the platform or the console showed
   * completed by `seenBefore` (the start of the run, whose reading covers every transaction before
   * it), whose txid is no successful transaction of the wallet.
   */
  async missingOnChain(wallet: string, seenBefore: Date): Promise<FoundException[]> {
    const before = sql`${seenBefore.toISOString()}::timestamptz`;
    const settled = (txid: ReturnType<typeof sql>, paymentId: ReturnType<typeof sql>) =>
      sql`(EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.hash = ${txid} AND w.successful) OR EXISTS (SELECT 1 FROM reconciliation_exceptions e WHERE e.kind = 'missing_on_chain' AND e.subject = ${paymentId}))`;
    const result = await this.db.execute(sql`
      SELECT p.id AS payment_id, p.txid, p.amount::text AS amount,
             CASE WHEN p.direction = 'app_to_user' THEN p.to_address ELSE p.from_address END AS counterparty,
             r.id AS reward_id
      FROM payments p LEFT JOIN rewards r ON r.payment_id = p.id
      WHERE p.state = 'completed' AND p.txid IS NOT NULL AND p.last_changed_at <= ${before}
        AND ((p.direction = 'app_to_user' AND p.from_address = ${wallet}) OR (p.direction = 'user_to_app' AND p.to_address = ${wallet}))
        AND NOT ${settled(sql`p.txid`, sql`p.id`)}
      UNION
      SELECT r.payment_id, r.txid, r.amount::text, r.to_address, r.id
      FROM rewards r
      WHERE r.state = 'completed' AND r.txid IS NOT NULL AND r.payment_id IS NOT NULL AND r.updated_at <= ${before}
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = r.payment_id)
        AND NOT ${settled(sql`r.txid`, sql`r.payment_id`)}`);
    return rowsOf<MissingRow>(result).map((row) => ({
      kind: 'missing_on_chain',
      subject: row.payment_id,
      txHash: row.txid,
      amountStroops: toScaled(row.amount),
      counterparty: row.counterparty,
      paymentId: row.payment_id,
      rewardId: row.reward_id,
      detail: `Payment ${row.payment_id} shows completed with transaction ${row.txid}, which is not a successful transaction of this wallet.`,
    }));
  }

  /** U2A payments this wallet was paid for (read by `readBefore`) that the index does not show completed, and not flagged yet. */
  async paidNotCompletedIds(readBefore: Date): Promise<string[]> {
    return (await this.paidNotCompleted(readBefore)).map((row) => row.payment_id);
  }

  /** `paid_not_completed`, after the caller refreshed the payments `paidNotCompletedIds` named. */
  async paidNotCompletedExceptions(readBefore: Date, stuckAfterMinutes: number): Promise<FoundException[]> {
    return (await this.paidNotCompleted(readBefore)).map((row) => ({
      kind: 'paid_not_completed',
      subject: row.payment_id,
      txHash: row.hash,
      amountStroops: BigInt(row.amount_stroops),
      counterparty: row.from_address,
      paymentId: row.payment_id,
      rewardId: null,
      detail: `The user's transaction for payment ${row.payment_id} is on the chain, and the payment is still not completed ${stuckAfterMinutes} minutes after the console read it.`,
    }));
  }

  private async paidNotCompleted(readBefore: Date): Promise<PaidRow[]> {
    const result = await this.db.execute(sql`
      SELECT DISTINCT ON (p.id) p.id AS payment_id, w.hash, w.amount_stroops::text AS amount_stroops, w.from_address
      FROM wallet_transactions w JOIN payments p ON p.id = w.matched_payment_id
      WHERE w.match_state = 'user_payment' AND w.read_at <= ${readBefore.toISOString()}::timestamptz AND p.state <> 'completed'
        AND NOT EXISTS (SELECT 1 FROM reconciliation_exceptions e WHERE e.kind = 'paid_not_completed' AND e.subject = p.id)
      ORDER BY p.id, w.ledger_order
      LIMIT ${PAID_NOT_COMPLETED_BATCH}`);
    return rowsOf<PaidRow>(result);
  }
}
