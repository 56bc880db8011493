import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import type { AwaitingItem } from '../../../display/approval/awaiting-approval.ts';
import { awaitingItemName, awaitingItemPath } from '../../../display/approval/awaiting-item-words.ts';
import { awaitingItemColumn as column, awaitingItemId, whatAndAmountColumns } from './awaiting-item-columns.tsx';
import { requesterName } from '../../../display/reward/requester-name.ts';

const reviewLink =
  'inline-flex items-center rounded-md bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800';

function ItemAction({ item, onWithdraw }: { item: AwaitingItem; onWithdraw?: (item: AwaitingItem) => void }) {
  return (
    <div className="text-right">
      {onWithdraw ? (
        <Button aria-label={`Withdraw ${awaitingItemName(item)}`} onClick={() => onWithdraw(item)}>
          Withdraw
        </Button>
      ) : (
        <Link to={awaitingItemPath(item)} aria-label={`Review ${awaitingItemName(item)}`} className={reviewLink}>
          Review
        </Link>
      )}
    </div>
  );
}

function awaitingColumns(onWithdraw?: (item: AwaitingItem) => void) {
  return column.columns([
    ...whatAndAmountColumns,
    column.display({ id: 'requestedBy', header: 'Requested by', cell: ({ row }) => requesterName(row.original.requestedBy) ?? row.original.requestedBy.id }),
    column.accessor('requestedAt', { header: 'Requested', cell: (info) => <DateTime iso={info.getValue()} /> }),
    column.display({ id: 'action', header: () => <span className="sr-only">Action</span>, cell: ({ row }) => <ItemAction item={row.original} onWithdraw={onWithdraw} /> }),
  ]);
}

/**
 * Rewards and batches awaiting approval, oldest first, each with a link to its page. Someone else's
 * are approved or rejected only there, with the rows, totals and warnings in view: the list offers
 * "Review". One's own can be withdrawn from the list (`onWithdraw`): nothing is paid either way.
 */
export function AwaitingApprovalTable({ label, items, onWithdraw }: { label: string; items: readonly AwaitingItem[]; onWithdraw?: (item: AwaitingItem) => void }) {
  const columns = useMemo(() => awaitingColumns(onWithdraw), [onWithdraw]);
  return <DataTable label={label} columns={columns} rows={items} getRowId={awaitingItemId} loading={false} empty="Nothing waits." />;
}
