import { csvDocument, type CsvColumns } from '../csv.ts';
import type { BatchListItem } from './batch-list-item.ts';

const COLUMNS: CsvColumns<BatchListItem> = [
  ['id', (b) => b.id],
  ['name', (b) => b.name],
  ['requester', (b) => b.requester.email ?? b.requester.id],
  ['state', (b) => b.state],
  ['approval', (b) => b.approval.state],
  ['approved_by', (b) => b.approval.by],
  ['rows', (b) => b.rows],
  ['rewards', (b) => b.progress.total],
  ['paid', (b) => b.progress.done],
  ['failed', (b) => b.progress.failed],
  ['cancelled', (b) => b.progress.cancelled],
  ['remaining', (b) => b.progress.remaining],
  ['total', (b) => b.total],
  ['created_at', (b) => b.createdAt],
];

/** The batches as CSV, from their pages. */
export function batchListCsv(pages: AsyncIterable<BatchListItem[]>): AsyncIterable<string> {
  return csvDocument(COLUMNS, pages);
}
