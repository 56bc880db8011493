import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditedExport } from '../audit/audited-export.ts';
import { readUserNames, withUserNames, type UserNames, type WithUserNames } from '../store/app-user-names.ts';
import type { Database } from '../store/database.ts';
import { paymentsCsv } from './payment-csv.ts';
import { paymentFacetCounts, type PaymentFacetCounts } from './payment-facets.ts';
import type { PaymentFilters, PaymentOrder, PaymentPageQuery } from './payment-filters.ts';
import type { PaymentIndex } from './payment-index.ts';
import { lookUpPayment, type LookupDeps } from './payment-lookup.ts';
import { queryPayments } from './payment-query.ts';
import { readLedgerTime, type LedgerTime } from './ledger-time.ts';
import type { TimelineEntry } from './payment-timeline.ts';
import type { IndexedPaymentView, PaymentView } from './payment-view.ts';

/** Reading payments: pages of the index, its CSV export (audited), and one payment fresh from the platform. */
export class PaymentQueries {
  constructor(private readonly deps: LookupDeps & { db: Database; audit: AuditLog; index: PaymentIndex }) {}

  /** A page of the index, each payment with its user's names. */
  async page(query: PaymentPageQuery): Promise<{ payments: Array<WithUserNames<IndexedPaymentView>>; nextCursor: string | null }> {
    const { payments, nextCursor } = await queryPayments(this.deps.db, this.deps.clock, query);
    return { payments: await withUserNames(this.deps.db, payments, (payment) => payment.user_uid), nextCursor };
  }

  facets(filters: PaymentFilters): Promise<PaymentFacetCounts> {
    return paymentFacetCounts(this.deps.db, this.deps.clock, filters);
  }

  /** The view as CSV, and when it was taken; audited by how it went. */
  exportCsv(query: PaymentFilters & PaymentOrder, origin: AuditOrigin): { csv: AsyncIterable<string>; takenAt: Date } {
    const { db, clock, audit } = this.deps;
    const csv = auditedExport(audit, { ...origin, action: 'payments.export', target: null, details: { query } }, paymentsCsv(db, clock, query));
    return { csv, takenAt: clock.now() };
  }

  /** The ledger time of the indexed payment's transaction, read from its link. */
  async ledgerTime(id: string): Promise<LedgerTime> {
    return readLedgerTime(await this.deps.index.transactionLink(id));
  }

  /** The payment fresh from the platform, its timeline, and its user's names. */
  async lookUp(id: string): Promise<{ payment: PaymentView; timeline: TimelineEntry[]; userNames: UserNames | null }> {
    const { payment, timeline } = await lookUpPayment(this.deps, id);
    const named = await readUserNames(this.deps.db, [payment.user_uid]);
    return { payment, timeline, userNames: named.get(payment.user_uid) ?? null };
  }
}
