import type { Database } from '../store/database.ts';
import type { AuditOrigin } from './audit-entry.ts';
import type { AuditLog } from './audit-log.ts';
import { auditedExport } from './audited-export.ts';
import type { AuditFilters, AuditPageRequest } from './audit-query.ts';
import { nameAuditEvents, type NamedAuditEvent } from './audit-subjects.ts';
import type { AuditVerification } from './audit-verify.ts';

/** A page of the log as the audit page shows it: each event with the names its sentence needs. */
export interface NamedAuditEventPage {
  events: NamedAuditEvent[];
  nextCursor: string | null;
}

/** What staff do with the audit log: read it, take it away and check it; the last two are audited too. */
export class AuditService {
  constructor(
    private readonly log: AuditLog,
    private readonly db: Database,
    /** Told of each verification (a higher layer records the event of a broken chain). */
    private readonly onVerified: (verification: AuditVerification) => Promise<unknown> = async () => undefined,
  ) {}

  async query(filters: AuditFilters, page: AuditPageRequest): Promise<NamedAuditEventPage> {
    const { events, nextCursor } = await this.log.query(filters, page);
    return { events: await nameAuditEvents(this.db, events), nextCursor };
  }

  exportCsv(filters: AuditFilters, origin: AuditOrigin): AsyncIterable<string> {
    // Taking the log away is an action of its own.
    return auditedExport(this.log, { ...origin, action: 'audit.export', target: null, details: { filters } }, this.log.exportCsv(filters));
  }

  async verify(origin: AuditOrigin): Promise<AuditVerification> {
    const verification = await this.log.verify();
    const { intact, rows } = verification;
    const details = verification.intact ? { intact, rows } : { intact, rows, firstBad: verification.firstBad };
    await this.log.append({ ...origin, action: 'audit.verify', target: null, outcome: 'ok', details });
    await this.onVerified(verification);
    return verification;
  }
}
