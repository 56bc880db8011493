import type { AuditLog } from '../audit/audit-log.ts';
import { publicChainBreakOf, type AuditVerification } from '../audit/audit-verify.ts';
import { recordEventOnce } from '../events/event-log.ts';
import type { Database } from '../store/database.ts';

/** A walk of the whole chain costs a read of every row: the periodic watch makes one at most this often. */
export const AUDIT_CHAIN_CHECK_EVERY_MS = 60 * 60_000;

/**
 * Records `audit.chain_broken` when a verification finds the audit log's chain broken (a staff member's,
 * or the periodic one): once per break, named by its first bad row (a key kept with the event).
 */
export class AuditChainWatch {
  private lastCheck: number | null = null;

  constructor(private readonly deps: { db: Database; log: AuditLog }) {}

  /** What a verification found; answers whether it recorded the event. */
  async verified(verification: AuditVerification, at: Date): Promise<boolean> {
    if (verification.intact) return false;
    const event = { type: 'audit.chain_broken' as const, subjectId: String(verification.firstBad.id), data: { ...publicChainBreakOf(verification, at) }, at };
    return this.deps.db.transaction((tx) => recordEventOnce(tx, `audit.chain_broken:${verification.firstBad.id}`, event));
  }

  /** The periodic verification: the whole chain, unless one ran within AUDIT_CHAIN_CHECK_EVERY_MS before `now`. */
  async check(now: Date): Promise<boolean> {
    if (this.lastCheck !== null && now.getTime() - this.lastCheck < AUDIT_CHAIN_CHECK_EVERY_MS) return false;
    this.lastCheck = now.getTime();
    return this.verified(await this.deps.log.verify(), now);
  }
}
