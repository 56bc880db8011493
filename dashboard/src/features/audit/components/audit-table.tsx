import { DataTableLoadMore } from '../../../components/data-table/data-table-load-more.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useAuditEvents, type AuditEvent } from '../api/get-audit-events.ts';
import type { AuditFilters } from '../audit-filters.ts';
import { auditColumns } from './audit-columns.tsx';

const noEvents: AuditEvent[] = [];
const idOf = (event: AuditEvent) => String(event.id);

export function AuditTable({ filters, filtered }: { filters: AuditFilters; filtered: boolean }) {
  const events = useAuditEvents(filters);
  const rows = events.data ?? noEvents;
  return (
    <DataTable
      label="Audit events"
      columns={auditColumns}
      rows={rows}
      getRowId={idOf}
      loading={events.isPending}
      error={events.error && <ErrorNotice error={events.error} />}
      empty={filtered ? 'No events match these filters.' : 'Nothing has been recorded yet.'}
      footer={
        <DataTableLoadMore
          shown={rows.length}
          hasMore={events.hasNextPage}
          loadingMore={events.isFetchingNextPage}
          onLoadMore={() => void events.fetchNextPage()}
        />
      }
    />
  );
}
