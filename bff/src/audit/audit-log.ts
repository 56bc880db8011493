import { getTableColumns, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import type { Transaction } from '../store/executor.ts';
import { rowsOf } from '../store/result-rows.ts';
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
  /** The head as this process last moved it: a guess, checked by the statement that relies on it. */
  private head: ChainHead | null = null;

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
    const at = this.clock.now();
    if (this.head) {
      const appended = await this.appendAfter(tx, entry, at, this.head, 'if-still-head');
      if (appended !== null) return appended;
    }
    // Locking the head (the table's one row) orders appends across connections and processes.
    const [head] = await tx.select().from(auditHead).for('update');
    if (!head) throw new Error('audit_head has no row: the store is not migrated');
    return required(await this.appendAfter(tx, entry, at, head, 'locked'));
  }

  /**
   * Appends after `head` and moves the head on, in one statement. `if-still-head` appends only if the
   * table's head is still `head` (answers null otherwise): the head this process wrote last is usually
   * still the head, which spares the locking read. A transaction that rolls back leaves that guess
   * ahead of the table; the next append then finds it wrong and reads the head.
   */
  private async appendAfter(tx: Transaction, entry: AuditEntry, at: Date, head: ChainHead, mode: 'if-still-head' | 'locked'): Promise<number | null> {
    const row = toAuditRowContent(entry, { id: head.lastId + 1, at, prevHash: head.lastHash });
    const hash = hashAuditRow(row);
    const stillHead = mode === 'if-still-head' ? sql` WHERE ${auditHead.lastId} = ${head.lastId} AND ${auditHead.lastHash} = ${head.lastHash}` : sql``;
    const stored = JSON.stringify(columnsByName({ ...row, at: at.toISOString(), hash }));
    const appended = await tx.execute(sql`
      WITH moved AS (${tx.update(auditHead).set({ lastId: row.id, lastHash: hash }).getSQL()}${stillHead} RETURNING 1)
      INSERT INTO ${auditEvents} SELECT stored.* FROM moved, jsonb_populate_record(NULL::${auditEvents}, ${stored}::jsonb) AS stored RETURNING 1`);
    if (rowsOf(appended).length === 0) return null;
    this.head = { lastId: row.id, lastHash: hash };
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

type ChainHead = { lastId: number; lastHash: string };

/** The row keyed by column name, as `jsonb_populate_record` takes it. */
function columnsByName(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(getTableColumns(auditEvents)).map(([key, column]) => [column.name, row[key]]));
}

function required(id: number | null): number {
  if (id === null) throw new Error('the audit head moved while it was locked');
  return id;
}
