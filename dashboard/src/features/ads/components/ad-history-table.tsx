import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import type { AdCheckFilters } from '../ad-check-filters.ts';
import type { AdCheckView } from '../ad-check-words.ts';
import { useAdChecks } from '../api/get-ad-checks.ts';
import { adHistoryColumns } from './ad-history-columns.tsx';

const idOf = (check: AdCheckView) => String(check.id);

/** Every stored check, newest first. */
export function AdHistoryTable({ filters, filtered }: { filters: AdCheckFilters; filtered: boolean }) {
  return (
    <PagedDataTable
      label="Ad check history"
      columns={adHistoryColumns}
      query={useAdChecks(filters)}
      getRowId={idOf}
      empty={filtered ? 'No checks match these filters.' : 'No ad has been checked yet.'}
    />
  );
}
