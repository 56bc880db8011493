import { sql } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { rowsOf } from '../store/result-rows.ts';

export interface DeliveryBacklog {
  /** Deliveries still pending (to admins' endpoints and staff's Slack targets). */
  depth: number;
  /** Seconds since the oldest pending delivery began its round of tries; 0 when none is pending. */
  oldestAgeSeconds: number;
  /** Seconds the most overdue pending delivery has been due without an attempt; 0 when none is overdue. */
  overdueSeconds: number;
}

/**
 * The queue of webhook deliveries as it stands, by the store's clock. Only pending rows are read,
 * through the partial index webhook_deliveries_due: the delivered history is never walked.
 */
export async function deliveryBacklog(db: Database): Promise<DeliveryBacklog> {
  const answer = await db.execute<{ depth: string | number; oldest: string | number | null; overdue: string | number | null }>(sql`
    SELECT count(*) AS depth,
           extract(epoch FROM now() - min(trying_since)) AS oldest,
           extract(epoch FROM now() - min(next_attempt_at)) AS overdue
    FROM webhook_deliveries WHERE status = 'pending'`);
  const row = rowsOf<{ depth: string | number; oldest: string | number | null; overdue: string | number | null }>(answer)[0];
  return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)), overdueSeconds: Math.max(0, Number(row?.overdue ?? 0)) };
}
