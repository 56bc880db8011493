import { csvDocument, type CsvColumns } from '../csv.ts';
import type { AuditEventView } from './audit-query.ts';

const COLUMNS: CsvColumns<AuditEventView> = [
  ['id', (event) => event.id],
  ['at', (event) => event.at],
  ['actor_email', (event) => event.actor?.email ?? null],
  ['actor_role', (event) => event.actor?.role ?? null],
  ['actor_id', (event) => event.actor?.id ?? null],
  ['client_ip', (event) => event.clientIp],
  ['request_id', (event) => event.requestId],
  ['action', (event) => event.action],
  ['target', (event) => event.target],
  ['outcome', (event) => event.outcome],
  ['upstream_status', (event) => event.upstream?.status ?? null],
  ['upstream_code', (event) => event.upstream?.code ?? null],
  ['details', (event) => JSON.stringify(event.details)],
];

/** The events as RFC 4180 CSV: the header, then one chunk per page. */
export function auditCsv(pages: AsyncIterable<AuditEventView[]>): AsyncGenerator<string> {
  return csvDocument(COLUMNS, pages);
}
