import { DataTable } from '../../../components/data-table/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import type { AwaitingItem } from '../../../display/approval/awaiting-approval.ts';
import { awaitingItemColumn as column, awaitingItemId, whatAndAmountColumns } from './awaiting-item-columns.tsx';

const columns = column.columns([
  ...whatAndAmountColumns,
  column.display({ id: 'rejectedBy', header: 'Rejected by', cell: ({ row }) => (row.original.rejection ? (row.original.rejection.by.email ?? row.original.rejection.by.id) : '') }),
  column.display({ id: 'reason', header: 'Reason', cell: ({ row }) => <span className="block max-w-md break-words">{row.original.rejection?.reason}</span> }),
  column.display({ id: 'rejectedAt', header: 'Rejected', cell: ({ row }) => row.original.rejection && <DateTime iso={row.original.rejection.at} /> }),
]);

/** The signed-in staff member's requests that someone rejected lately: who, when and why. */
export function RejectedRequestsTable({ items }: { items: readonly AwaitingItem[] }) {
  return <DataTable label="Your requests that were rejected" columns={columns} rows={items} getRowId={awaitingItemId} loading={false} empty="Nothing of yours was rejected lately." />;
}
