import { csvDocument, type CsvColumns } from '../csv.ts';
import type { BatchResultView } from './batch-view.ts';

const COLUMNS: CsvColumns<BatchResultView> = [
  ['line', (r) => r.line],
  ['uid', (r) => r.uid],
  ['amount', (r) => r.amount],
  ['memo', (r) => r.memo],
  ['state', (r) => r.state],
  ['reward_id', (r) => r.rewardId],
  ['payment_id', (r) => r.paymentId],
  ['txid', (r) => r.txid],
  ['error_code', (r) => r.error?.code ?? null],
  ['error_message', (r) => r.error?.message ?? null],
];

/** Every uploaded row with what became of it, in file order. */
export function batchResultsCsv(pages: AsyncIterable<BatchResultView[]>): AsyncIterable<string> {
  return csvDocument(COLUMNS, pages);
}
