import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { noAdCheckFilters, type AdCheckFilters } from '../ad-check-filters.ts';
import type { AdCheckView } from '../ad-check-words.ts';
import { useAdChecks } from '../api/get-ad-checks.ts';
import { adHistoryColumns } from './ad-history-columns.tsx';

const idOf = (check: AdCheckView) => String(check.id);

/** Every stored check, newest first; opening a row shows that ad's checks alone. */
export function AdHistoryTable({ filters, filtered, onApply }: { filters: AdCheckFilters; filtered: boolean; onApply: (filters: AdCheckFilters) => void }) {
  return (
    <PagedDataTable
      label="Ad check history"
      columns={adHistoryColumns}
      query={useAdChecks(filters)}
      getRowId={idOf}
      empty={filtered ? 'No checks match these filters.' : 'No ad has been checked yet.'}
      onRowOpen={(check) => onApply({ ...noAdCheckFilters, adId: check.adId })}
    />
  );
}
