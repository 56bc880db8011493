import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditedExport } from '../audit/audited-export.ts';
import type { Clock } from '../clock.ts';
import { refusal } from '../domain/refusal.ts';
import type { PaymentActions } from '../payments/payment-actions.ts';
import type { PaymentView } from '../payments/payment-view.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../store/time-id-cursor.ts';
import { exceptionsCsv } from './exception-csv.ts';
import type { ExceptionFilters, ExceptionRow, ExceptionStore } from './exception-store.ts';
import { exceptionView, type ExceptionView, type TransactionLinker } from './exception-view.ts';

const EXPORT_PAGE_SIZE = 500;

export interface ExceptionListRequest extends ExceptionFilters {
  cursor?: string | undefined;
  limit: number;
}

/** The exceptions queue: listed by anyone; acknowledged with a note, then resolved, by ops, each change audited. */
export class ExceptionQueue {
  constructor(private readonly deps: { store: ExceptionStore; audit: AuditLog; clock: Clock; payments: PaymentActions; transactionLink?: TransactionLinker }) {}

  async list({ cursor, limit, ...filters }: ExceptionListRequest): Promise<{ exceptions: ExceptionView[]; nextCursor: string | null }> {
    const rows = await this.deps.store.list(filters, limit + 1, cursor === undefined ? undefined : decodeTimeIdCursor(cursor));
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { exceptions: page.map((row) => this.view(row)), nextCursor: rows.length > limit && last ? encodeTimeIdCursor({ at: last.firstSeenAt, id: last.id }) : null };
  }

  exportCsv(filters: ExceptionFilters, origin: AuditOrigin): { csv: AsyncIterable<string>; takenAt: Date } {
    const entry = { ...origin, action: 'reconciliation.exceptions.export' as const, target: null, details: { filters } };
    return { csv: auditedExport(this.deps.audit, entry, exceptionsCsv(this.pages(filters))), takenAt: this.deps.clock.now() };
  }

  acknowledge(id: string, note: string, staffId: string, origin: AuditOrigin): Promise<ExceptionView> {
    return this.move(id, ['open'], 'acknowledged', note, staffId, origin);
  }

  resolve(id: string, note: string | undefined, staffId: string, origin: AuditOrigin): Promise<ExceptionView> {
    return this.move(id, ['open', 'acknowledged'], 'resolved', note, staffId, origin);
  }

  /**
   * Completes the U2A payment a `paid_not_completed` exception names (the platform checks its
   * transaction; the payment action is audited as any completion), then resolves the exception.
   */
  async completePayment(id: string, staffId: string, origin: AuditOrigin): Promise<{ exception: ExceptionView; payment: PaymentView }> {
    const row = await this.deps.store.get(id);
    if (!row) throw refusal('not_found', 'exception_not_found', 'No reconciliation exception with this id.');
    if (row.kind !== 'paid_not_completed' || row.paymentId === null) throw refusal('conflict', 'not_completable_here', 'Only a paid_not_completed exception completes its payment.');
    if (row.state === 'resolved') throw refusal('conflict', 'exception_not_open', 'This exception is resolved.', { state: row.state });
    const payment = await this.deps.payments.complete(row.paymentId, origin);
    return { exception: await this.resolve(id, 'completed the payment from reconciliation', staffId, origin), payment };
  }

  private async move(id: string, from: Array<'open' | 'acknowledged'>, to: 'acknowledged' | 'resolved', note: string | undefined, staffId: string, origin: AuditOrigin): Promise<ExceptionView> {
    const { store, audit, clock } = this.deps;
    const action = to === 'acknowledged' ? 'reconciliation.exception.acknowledge' : 'reconciliation.exception.resolve';
    const target = `reconciliation_exception:${id}`;
    const moved = await store.move(id, from, to, staffId, clock.now(), note);
    const row = await store.get(id);
    if (!row) throw refusal('not_found', 'exception_not_found', 'No reconciliation exception with this id.');
    if (!moved) {
      await audit.append({ ...origin, action, target, outcome: 'refused', details: { code: 'exception_not_open', state: row.state } });
      throw refusal('conflict', 'exception_not_open', `This exception is ${row.state}; it cannot be ${to} now.`, { state: row.state });
    }
    await audit.append({ ...origin, action, target, outcome: 'ok', details: { kind: row.kind, ...(note === undefined ? {} : { note }) } });
    return this.view(row);
  }

  private view(row: ExceptionRow): ExceptionView {
    return exceptionView(row, this.deps.transactionLink);
  }

  private async *pages(filters: ExceptionFilters): AsyncGenerator<ExceptionView[]> {
    let cursor: string | undefined;
    do {
      const page = await this.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE });
      if (page.exceptions.length > 0) yield page.exceptions;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
}
