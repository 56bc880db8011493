import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import type { Transaction } from '../store/executor.ts';
import { auditEvents, auditHead } from '../store/schema.ts';
import { auditCsv } from './audit-csv.ts';
import type { AuditEntry } from './audit-entry.ts';
import { hashAuditRow } from './audit-hash.ts';
import { auditEventPages, queryAuditEvents, queryUnsettledEvents, type AuditEventPage, type AuditEventView, type AuditFilters, type AuditPageRequest } from './audit-query.ts';
import { toAuditRowContent } from './audit-row.ts';
import { verifyAuditChain, type AuditVerification } from './audit-verify.ts';

const EXPORT_PAGE_SIZE = 500;

/** The append-only, hash-chained record of what staff did and were refused. */
export class AuditLog {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Appends one event, or throws (the action it records is then not done). Given the caller's
   * transaction, the event commits or rolls back with the action, and a failed append fails that
   * transaction; make it the last statement there, as the chain's head stays locked until that
   * transaction ends. Answers the new row's id.
   */
  append(entry: AuditEntry, tx?: Transaction): Promise<number> {
    return tx ? this.appendIn(tx, entry) : this.db.transaction((own) => this.appendIn(own, entry));
  }

  private async appendIn(tx: Transaction, entry: AuditEntry): Promise<number> {
    // Locking the head (the table's one row) orders appends across connections and processes.
    const [head] = await tx.select().from(auditHead).for('update');
    if (!head) throw new Error('audit_head has no row: the store is not migrated');
    const at = this.clock.now();
    const row = toAuditRowContent(entry, { id: head.lastId + 1, at, prevHash: head.lastHash });
    const hash = hashAuditRow(row);
    // One statement, so the head is locked for one round trip fewer.
    const insert = tx.insert(auditEvents).values({ ...row, at, hash }).getSQL();
    await tx.execute(sql`WITH appended AS (${insert}) ${tx.update(auditHead).set({ lastId: row.id, lastHash: hash }).getSQL()}`);
    return row.id;
  }

  verify(): Promise<AuditVerification> {
    return verifyAuditChain(this.db);
  }

  /** Events whose outcome is `unknown` and that no later event settles yet, oldest first. */
  unsettled(): Promise<AuditEventView[]> {
    return queryUnsettledEvents(this.db);
  }

  query(filters: AuditFilters, page?: AuditPageRequest): Promise<AuditEventPage> {
    return queryAuditEvents(this.db, filters, page);
  }

  /** The filtered events as CSV, newest first, read a page at a time however many there are. */
  exportCsv(filters: AuditFilters): AsyncIterable<string> {
    return auditCsv(auditEventPages(this.db, filters, EXPORT_PAGE_SIZE));
  }
}
