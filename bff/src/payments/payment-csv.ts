import type { Clock } from '../clock.ts';
import { csvDocument, type CsvColumns } from '../csv.ts';
import type { Database } from '../store/database.ts';
import type { PaymentFilters, PaymentOrder } from './payment-filters.ts';
import { queryPayments } from './payment-query.ts';
import type { IndexedPaymentView } from './payment-view.ts';

const EXPORT_PAGE_SIZE = 1000;

const COLUMNS: CsvColumns<IndexedPaymentView> = [
  ['identifier', (p) => p.identifier],
  ['direction', (p) => p.direction],
  ['user_uid', (p) => p.user_uid],
  ['amount', (p) => p.amount],
  ['memo', (p) => p.memo],
  ['state', (p) => p.state],
  ['developer_approved', (p) => p.status.developer_approved],
  ['transaction_verified', (p) => p.status.transaction_verified],
  ['developer_completed', (p) => p.status.developer_completed],
  ['cancelled', (p) => p.status.cancelled],
  ['user_cancelled', (p) => p.status.user_cancelled],
  ['txid', (p) => p.transaction?.txid ?? null],
  ['transaction_link', (p) => p.transaction?._link ?? null],
  ['network', (p) => p.network],
  ['from_address', (p) => p.from_address],
  ['to_address', (p) => p.to_address],
  ['created_at', (p) => p.created_at],
  ['first_seen_at', (p) => p.firstSeenAt],
  ['last_synced_at', (p) => p.lastSyncedAt],
  ['metadata', (p) => JSON.stringify(p.metadata)],
];

async function* pagesOf(db: Database, clock: Clock, query: PaymentFilters & PaymentOrder): AsyncGenerator<IndexedPaymentView[]> {
  let cursor: string | undefined;
  do {
    const page = await queryPayments(db, clock, { ...query, cursor, limit: EXPORT_PAGE_SIZE });
    if (page.payments.length > 0) yield page.payments;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The current view of the index as CSV, read a page at a time however many rows it has. */
export function paymentsCsv(db: Database, clock: Clock, query: PaymentFilters & PaymentOrder): AsyncIterable<string> {
  return csvDocument(COLUMNS, pagesOf(db, clock, query));
}
