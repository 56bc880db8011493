import { csvDocument, type CsvColumns } from '../csv.ts';
import type { RewardListRequest } from './reward-list-request.ts';
import type { RewardView } from './reward-view.ts';

/** One page of the rewards list, and the cursor of the next. */
export type RewardPageReader = (request: RewardListRequest) => Promise<{ rewards: RewardView[]; nextCursor: string | null }>;

const EXPORT_PAGE_SIZE = 500;

const COLUMNS: CsvColumns<RewardView> = [
  ['id', (r) => r.id],
  ['state', (r) => r.state],
  ['uid', (r) => r.uid],
  ['amount', (r) => r.amount],
  ['memo', (r) => r.memo],
  ['requested_by', (r) => r.requestedBy.email],
  ['payment_id', (r) => r.paymentId],
  ['txid', (r) => r.txid],
  ['transaction_link', (r) => r.transactionLink],
  ['error_code', (r) => r.error?.code ?? null],
  ['error_message', (r) => r.error?.message ?? null],
  ['created_at', (r) => r.createdAt],
  ['updated_at', (r) => r.updatedAt],
  ['metadata', (r) => JSON.stringify(r.metadata)],
];

async function* pagesOf(list: RewardPageReader, filters: Omit<RewardListRequest, 'cursor' | 'limit'>): AsyncGenerator<RewardView[]> {
  let cursor: string | undefined;
  do {
    const page = await list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE });
    if (page.rewards.length > 0) yield page.rewards;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The filtered rewards as CSV, newest first, a page at a time. */
export function rewardsCsv(list: RewardPageReader, filters: Omit<RewardListRequest, 'cursor' | 'limit'>): AsyncIterable<string> {
  return csvDocument(COLUMNS, pagesOf(list, filters));
}
