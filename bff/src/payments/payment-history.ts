import { z } from 'zod';
import { PAYMENT_STATES } from '../../../common/payment-states.ts';
import type { Store } from '../store/database.ts';
import type { PreparedStatement } from '../store/prepared-statement.ts';
import type { IndexedSnapshot } from './payment-index.ts';
import { paymentTarget, TIMELINE_LIMIT, type TimelineEntry } from './payment-timeline.ts';

/**
 * Everything the console knows of one payment, in one prepared statement (a look-up reads it while the
 * platform answers): what the index holds, the observed events and the staff actions, newest first.
 */
const PAYMENT_HISTORY = {
  name: 'payment_history',
  parameterCount: 2,
  text: `
    SELECT 'indexed' AS part, NULL::timestamptz AS at,
           json_build_object('developerApproved', developer_approved, 'transactionVerified', transaction_verified,
             'developerCompleted', developer_completed, 'cancelled', cancelled, 'userCancelled', user_cancelled,
             'txid', txid, 'txVerified', tx_verified) AS body
      FROM payments WHERE id = $1
    UNION ALL (
      SELECT 'observed', at, json_build_object('kind', kind, 'state', state, 'changes', changes, 'source', source)
        FROM payment_events WHERE payment_id = $1 ORDER BY id DESC LIMIT ${TIMELINE_LIMIT})
    UNION ALL (
      SELECT 'action', at, json_build_object('action', action, 'outcome', outcome, 'actor', actor_email,
               'upstreamCode', upstream_code, 'details', details)
        FROM audit_events WHERE target = $2 ORDER BY id DESC LIMIT ${TIMELINE_LIMIT})`,
};

const historyRow = z.discriminatedUnion('part', [
  z.object({
    part: z.literal('indexed'),
    body: z.object({
      developerApproved: z.boolean(),
      transactionVerified: z.boolean(),
      developerCompleted: z.boolean(),
      cancelled: z.boolean(),
      userCancelled: z.boolean(),
      txid: z.string().nullable(),
      txVerified: z.boolean().nullable(),
    }),
  }),
  z.object({
    part: z.literal('observed'),
    at: z.date(),
    body: z.object({ kind: z.enum(['first_seen', 'changed']), state: z.enum(PAYMENT_STATES), changes: z.array(z.string()), source: z.string() }),
  }),
  z.object({
    part: z.literal('action'),
    at: z.date(),
    body: z.object({
      action: z.string(),
      outcome: z.string(),
      actor: z.string().nullable(),
      upstreamCode: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  }),
]);

export interface PaymentHistoryRecord {
  /** Null when the index has never seen the payment. */
  indexed: IndexedSnapshot | null;
  timeline: TimelineEntry[];
}

export class PaymentHistory {
  private readonly statement: PreparedStatement;

  constructor(store: Pick<Store, 'prepare'>) {
    this.statement = store.prepare(PAYMENT_HISTORY);
  }

  async of(paymentId: string): Promise<PaymentHistoryRecord> {
    const rows = z.array(historyRow).parse(await this.statement.run([paymentId, paymentTarget(paymentId)]));
    let indexed: IndexedSnapshot | null = null;
    const timeline: TimelineEntry[] = [];
    for (const row of rows) {
      if (row.part === 'indexed') {
        indexed = row.body;
        continue;
      }
      const at = row.at.toISOString();
      if (row.part === 'action') {
        timeline.push({ at, kind: 'staff_action', ...row.body });
      } else if (row.body.kind === 'first_seen') {
        timeline.push({ at, kind: 'first_seen', state: row.body.state, source: row.body.source });
      } else {
        timeline.push({ at, kind: 'changed', state: row.body.state, changes: row.body.changes, source: row.body.source });
      }
    }
    return { indexed, timeline: newestFirst(timeline) };
  }
}

function newestFirst(entries: TimelineEntry[]): TimelineEntry[] {
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, TIMELINE_LIMIT);
}
