import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { isBatchMoving } from '../api/get-batch.ts';
import type { Batch } from '../../../display/batch/batch-types.ts';
import { useBatchRows, type BatchRow } from '../api/get-batch-rows.ts';
import { batchRowFacetWords, readBatchRowFacet } from '../../../display/batch/batch-row-facets.ts';
import { batchRowColumns } from './batch-row-columns.tsx';
import { BatchFacetChips } from './batch-facet-chips.tsx';

const lineOf = (row: BatchRow) => String(row.line);

/**
 * Reads the rows again whenever the batch's state or counts change: the batch is read more often
 * than its rows, and once it stops moving its rows stop being read, so its last rows to settle would
 * otherwise stay shown as they were.
 */
function useRowsFollowBatch(batch: Batch, refetch: () => Promise<unknown>) {
  const signature = `${batch.state} ${Object.values(batch.facets).join(' ')}`;
  const seen = useRef(signature);
  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    void refetch();
  }, [signature, refetch]);
}

/**
 * Every row of the batch in file order: before start, who gets what; after, what became of each.
 * Once rows are rewards, chips pick the rows of one outcome (kept in the URL).
 */
export function BatchRowsTable({ batch }: { batch: Batch }) {
  const [params] = useSearchParams();
  const hasRewards = batch.progress.total > 0;
  const facet = hasRewards ? readBatchRowFacet(params) : null;
  const query = useBatchRows(batch.id, facet, isBatchMoving(batch));
  useRowsFollowBatch(batch, query.refetch);
  return (
    <div className="space-y-3">
      {hasRewards && <BatchFacetChips batch={batch} current={facet} />}
      <PagedDataTable
        label={facet ? `Rows of the batch: ${batchRowFacetWords[facet].label.toLowerCase()}` : 'Rows of the batch'}
        columns={batchRowColumns}
        query={query}
        getRowId={lineOf}
        empty={facet ? `No row is in “${batchRowFacetWords[facet].label}” now.` : 'The batch has no rows.'}
      />
    </div>
  );
}
