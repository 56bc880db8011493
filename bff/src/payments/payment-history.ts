import { z } from 'zod';
import { BatchedReads } from '../batched-reads.ts';
import { PAYMENT_STATES } from '../../../common/payment-states.ts';
import type { Store } from '../store/database.ts';
import type { PreparedStatement } from '../store/prepared-statement.ts';
import type { IndexedSnapshot } from './payment-index.ts';
import { paymentTarget, TIMELINE_LIMIT, type TimelineEntry } from './payment-timeline.ts';

/**
 * Everything the console knows of a payment: what the index holds, its observed events and the staff
 * actions on it, each part a probe of an index (the `LIMIT 1` on the key keeps the planner, which
 * guesses 100 wanted ids, from hashing the whole of a small table instead).
 */
function historyText(source: { with: string; from: string; id: string; target: string }): string {
  const { from, id, target } = source;
  return `${source.with}
    SELECT ${id} AS payment_id, 'indexed' AS part, NULL::timestamptz AS at, p.body
      FROM ${from}(
        SELECT json_build_object('developerApproved', developer_approved, 'transactionVerified', transaction_verified,
                 'developerCompleted', developer_completed, 'cancelled', cancelled, 'userCancelled', user_cancelled,
                 'txid', txid, 'txVerified', tx_verified) AS body
          FROM payments WHERE id = ${id} LIMIT 1) AS p
    UNION ALL
    SELECT ${id}, 'observed', e.at, e.body
      FROM ${from}(
        SELECT at, json_build_object('kind', kind, 'state', state, 'changes', changes, 'source', source) AS body
          FROM payment_events WHERE payment_id = ${id} ORDER BY id DESC LIMIT ${TIMELINE_LIMIT}) AS e
    UNION ALL
    SELECT ${id}, 'action', a.at, a.body
      FROM ${from}(
        SELECT at, json_build_object('action', action, 'outcome', outcome, 'actor', actor_email,
                 'upstreamCode', upstream_code, 'details', details) AS body
          FROM audit_events WHERE target = ${target} ORDER BY id DESC LIMIT ${TIMELINE_LIMIT}) AS a`;
}

/** One payment's history: `$1` its id, `$2` its audit target. */
const PAYMENT_HISTORY = {
  name: 'payment_history',
  parameterCount: 2,
  text: historyText({ with: '', from: '', id: '$1::text', target: '$2' }),
};

/**
 * Several payments' histories in one statement: on PostgreSQL, look-ups that arrive while a read is
 * out are read together by the next one (about three per read at 10 connections). PGlite answers each
 * read before the next look-up asks, so there every read is of one payment, by the statement above.
 * `$1` is a JSON array of `{ id, target }`, ids distinct.
 */
const PAYMENT_HISTORIES = {
  name: 'payment_histories',
  parameterCount: 1,
  text: historyText({
    with: 'WITH wanted AS (SELECT id, target FROM json_to_recordset($1::json) AS w(id text, target text))',
    from: 'wanted AS w CROSS JOIN LATERAL ',
    id: 'w.id',
    target: 'w.target',
  }),
};

/** The most payments one read takes. */
const MAX_BATCH = 100;

/** Every row names the payment it belongs to. */
const ofPayment = { payment_id: z.string() };

const historyRow = z.discriminatedUnion('part', [
  z.object({
    ...ofPayment,
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
    ...ofPayment,
    part: z.literal('observed'),
    at: z.date(),
    body: z.object({ kind: z.enum(['first_seen', 'changed']), state: z.enum(PAYMENT_STATES), changes: z.array(z.string()), source: z.string() }),
  }),
  z.object({
    ...ofPayment,
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
  private readonly one: PreparedStatement;
  private readonly many: PreparedStatement;
  private readonly reads = new BatchedReads<string, PaymentHistoryRecord>((ids) => this.read(ids), MAX_BATCH);

  constructor(store: Pick<Store, 'prepare'>) {
    this.one = store.prepare(PAYMENT_HISTORY);
    this.many = store.prepare(PAYMENT_HISTORIES);
  }

  of(paymentId: string): Promise<PaymentHistoryRecord> {
    return this.reads.read(paymentId);
  }

  private async read(paymentIds: string[]): Promise<PaymentHistoryRecord[]> {
    const [only] = paymentIds;
    const read =
      paymentIds.length === 1 && only !== undefined
        ? this.one.run([only, paymentTarget(only)])
        : this.many.run([JSON.stringify(paymentIds.map((id) => ({ id, target: paymentTarget(id) })))]);
    const rows = z.array(historyRow).parse(await read);
    const records = new Map<string, PaymentHistoryRecord>(paymentIds.map((id) => [id, { indexed: null, timeline: [] }]));
    for (const row of rows) {
      const record = records.get(row.payment_id);
      if (!record) continue;
      if (row.part === 'indexed') {
        record.indexed = row.body;
        continue;
      }
      const at = row.at.toISOString();
      if (row.part === 'action') {
        record.timeline.push({ at, kind: 'staff_action', ...row.body });
      } else if (row.body.kind === 'first_seen') {
        record.timeline.push({ at, kind: 'first_seen', state: row.body.state, source: row.body.source });
      } else {
        record.timeline.push({ at, kind: 'changed', state: row.body.state, changes: row.body.changes, source: row.body.source });
      }
    }
    return [...records.values()].map(({ indexed, timeline }) => ({ indexed, timeline: newestFirst(timeline) }));
  }
}

function newestFirst(entries: TimelineEntry[]): TimelineEntry[] {
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, TIMELINE_LIMIT);
}
