// Placeholder replaced by the audit implementation.
import type { AuditEntry } from './audit-entry.ts';
import type { Executor } from '../store/executor.ts';
export interface AuditLog {
  append(entry: AuditEntry, executor?: Executor): Promise<void>;
}
