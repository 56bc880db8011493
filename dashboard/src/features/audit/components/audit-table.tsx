import type { ColumnVisibilityState } from '@tanstack/react-table';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DataTableViewOptions } from '../../../components/data-table/data-table-view-options.tsx';
import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { useAuditEvents, type AuditEvent } from '../api/get-audit-events.ts';
import type { AuditFilters } from '../audit-filters.ts';
import { auditSentence } from '../audit-sentence.ts';
import type { SentenceTerm } from '../audit-sentence-parts.ts';
import { usePermissions } from '../../../lib/access.ts';
import { auditColumnLabels, auditColumns } from './audit-columns.tsx';

const idOf = (event: AuditEvent) => String(event.id);

/** Where a request came from is for those who trace one; it is a column away. */
const requestHidden: ColumnVisibilityState = { request: false };

/** Opening a row opens what its sentence first links to (what the event was done to), when the reader may open it. */
export function AuditTable({ filters, filtered }: { filters: AuditFilters; filtered: boolean }) {
  const [columnVisibility, setColumnVisibility] = useState(requestHidden);
  const navigate = useNavigate();
  const permissions = usePermissions();
  const openSubject = (event: AuditEvent) => {
    const sentence = auditSentence(event, { can: (permission) => permissions.includes(permission) });
    const subject = sentence.find((part): part is SentenceTerm => typeof part !== 'string' && part.to !== undefined);
    if (subject?.to) void navigate(subject.to);
  };
  return (
    <PagedDataTable
      label="Audit events"
      columns={auditColumns}
      query={useAuditEvents(filters)}
      getRowId={idOf}
      empty={filtered ? 'No events match these filters.' : 'Nothing has been recorded yet.'}
      columnVisibility={{ state: columnVisibility, onChange: setColumnVisibility }}
      onRowOpen={openSubject}
      toolbar={(table) => (
        <div className="flex justify-end">
          <DataTableViewOptions table={table} labels={auditColumnLabels} />
        </div>
      )}
    />
  );
}
