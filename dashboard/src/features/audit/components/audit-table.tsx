import { useNavigate } from 'react-router-dom';
import { useColumnVisibility } from '../../../components/data-table/data-table-column-visibility.ts';
import { DataTableViewOptions } from '../../../components/data-table/data-table-view-options.tsx';
import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { useAuditEvents, type AuditEvent } from '../api/get-audit-events.ts';
import type { AuditFilters } from '../audit-filters.ts';
import { auditTargetPath } from '../audit-target-path.ts';
import { auditColumnLabels, auditColumns, defaultHiddenAuditColumns } from './audit-columns.tsx';

const idOf = (event: AuditEvent) => String(event.id);

/** Opening a row opens what the event was done to, when the console has a page for it. */
export function AuditTable({ filters, filtered }: { filters: AuditFilters; filtered: boolean }) {
  const navigate = useNavigate();
  const columnVisibility = useColumnVisibility(defaultHiddenAuditColumns);
  const openTarget = (event: AuditEvent) => {
    const path = event.target && auditTargetPath(event.target);
    if (path) void navigate(path);
  };
  return (
    <PagedDataTable
      label="Audit events"
      columns={auditColumns}
      query={useAuditEvents(filters)}
      getRowId={idOf}
      empty={filtered ? 'No events match these filters.' : 'Nothing has been recorded yet.'}
      columnVisibility={columnVisibility}
      onRowOpen={openTarget}
      toolbar={(table) => (
        <div className="flex justify-end">
          <DataTableViewOptions table={table} labels={auditColumnLabels} />
        </div>
      )}
    />
  );
}
