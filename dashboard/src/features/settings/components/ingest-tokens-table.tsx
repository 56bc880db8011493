import { Badge } from '../../../components/badge.tsx';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { QueryDataTable } from '../../../components/data-table/query-data-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useIngestTokens, type IngestToken } from '../api/get-ingest-tokens.ts';
import { RevokeTokenCell } from './revoke-token-cell.tsx';

const column = dataTableColumnHelper<IngestToken>();

const columns = column.columns([
  column.accessor('name', { header: 'Name', cell: (info) => <span className="font-medium">{info.getValue()}</span> }),
  column.accessor('createdAt', { header: 'Created', cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('lastUsedAt', {
    header: 'Last used',
    cell: (info) => {
      const at = info.getValue();
      return at ? formatDateTime(at) : <span className="text-zinc-500 dark:text-zinc-400">never</span>;
    },
  }),
  column.accessor('revoked', {
    header: 'Status',
    cell: (info) => (info.getValue() ? <Badge tone="neutral">Revoked</Badge> : <Badge tone="success">Active</Badge>),
  }),
  column.display({ id: 'revoke', header: () => <span className="sr-only">Revoke</span>, cell: ({ row }) => <RevokeTokenCell token={row.original} /> }),
]);

const idOf = (token: IngestToken) => token.id;

export function IngestTokensTable() {
  return <QueryDataTable label="Ingest tokens" columns={columns} query={useIngestTokens()} getRowId={idOf} empty="No ingest tokens yet." />;
}
