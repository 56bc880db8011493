import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { useAuditEvents, type AuditEvent } from '../api/get-audit-events.ts';
import type { AuditFilters } from '../audit-filters.ts';
import { auditColumns } from './audit-columns.tsx';

const idOf = (event: AuditEvent) => String(event.id);

export function AuditTable({ filters, filtered }: { filters: AuditFilters; filtered: boolean }) {
  return (
    <PagedDataTable
      label="Audit events"
      columns={auditColumns}
      query={useAuditEvents(filters)}
      getRowId={idOf}
      empty={filtered ? 'No events match these filters.' : 'Nothing has been recorded yet.'}
    />
  );
}
