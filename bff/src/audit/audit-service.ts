import type { AuditOrigin } from './audit-entry.ts';
import type { AuditLog } from './audit-log.ts';
import { auditedExport } from './audited-export.ts';
import type { AuditEventPage, AuditFilters, AuditPageRequest } from './audit-query.ts';
import type { AuditVerification } from './audit-verify.ts';

/** What staff do with the audit log: read it, take it away and check it; the last two are audited too. */
export class AuditService {
  constructor(private readonly log: AuditLog) {}

  query(filters: AuditFilters, page: AuditPageRequest): Promise<AuditEventPage> {
    return this.log.query(filters, page);
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
    return verification;
  }
}
