import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { batchOutcomeWords, type BatchCheckResult } from '../ad-batch.ts';
import { AdCheckStatus, AdCheckVerdict, AdTime } from './ad-check-cells.tsx';

const column = dataTableColumnHelper<BatchCheckResult>();

const columns = column.columns([
  column.accessor('adId', { header: 'Ad id', cell: (info) => <span className="font-mono text-xs break-all">{info.getValue()}</span> }),
  column.accessor('result', { header: 'Result', cell: (info) => batchOutcomeWords[info.getValue()] }),
  column.display({ id: 'status', header: 'Status', cell: ({ row }) => <AdCheckStatus check={row.original} /> }),
  column.display({ id: 'granted', header: 'Granted', cell: ({ row }) => <AdTime iso={row.original.result === 'invalid' ? null : row.original.grantedAt} /> }),
  column.display({ id: 'revoked', header: 'Revoked', cell: ({ row }) => <AdTime iso={row.original.result === 'invalid' ? null : row.original.revokedAt} /> }),
  column.display({ id: 'verdict', header: 'Verdict', cell: ({ row }) => <AdCheckVerdict check={row.original} /> }),
]);

const idOf = (result: BatchCheckResult) => result.adId;

/** One row per ad the server has checked so far, with the verdict for each. */
export function BatchResultsTable({ results }: { results: readonly BatchCheckResult[] }) {
  return <DataTable label="Ad check results" columns={columns} rows={results} getRowId={idOf} loading={false} empty="No ad checked yet." />;
}
