import { useNavigate } from 'react-router-dom';
import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { useBatches } from '../api/get-batches.ts';
import type { BatchListItem } from '../../../display/batch/batch-types.ts';
import { batchPath, type BatchFilters } from '../../../display/batch/batch-filters.ts';
import { batchListColumns } from './batch-list-columns.tsx';

const idOf = (batch: BatchListItem) => batch.id;

/** Every batch, newest first; a row opens the batch. Batches that can still move are read again every few seconds. */
export function BatchesTable({ filters, filtered }: { filters: BatchFilters; filtered: boolean }) {
  const navigate = useNavigate();
  return (
    <PagedDataTable
      label="Batches"
      columns={batchListColumns}
      query={useBatches(filters)}
      getRowId={idOf}
      empty={filtered ? 'No batches match these filters.' : 'No batch has been uploaded yet.'}
      onRowOpen={(batch) => void navigate(batchPath(batch.id))}
    />
  );
}
