import { csvDocument, type CsvColumns } from '../csv.ts';
import type { ExceptionView } from './exception-view.ts';

const COLUMNS: CsvColumns<ExceptionView> = [
  ['id', (e) => e.id],
  ['kind', (e) => e.kind],
  ['state', (e) => e.state],
  ['first_seen_at', (e) => e.firstSeenAt],
  ['tx_hash', (e) => e.txHash],
  ['amount', (e) => e.amount],
  ['counterparty', (e) => e.counterparty],
  ['payment_id', (e) => e.paymentId],
  ['reward_id', (e) => e.rewardId],
  ['detail', (e) => e.detail],
  ['note', (e) => e.note],
  ['acknowledged_by', (e) => e.acknowledged?.by ?? null],
  ['acknowledged_at', (e) => e.acknowledged?.at ?? null],
  ['resolved_by', (e) => e.resolved?.by ?? null],
  ['resolved_at', (e) => e.resolved?.at ?? null],
];

/** The exceptions as CSV, from their pages. */
export function exceptionsCsv(pages: AsyncIterable<ExceptionView[]>): AsyncIterable<string> {
  return csvDocument(COLUMNS, pages);
}
