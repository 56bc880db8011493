import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { dataTableSelectColumn } from '../../../components/data-table/data-table-select-column.tsx';
import { PaymentAmount } from '../../../components/payment/payment-amount.tsx';
import { CompactPaymentFlags } from '../../../components/payment/payment-flag-badges.tsx';
import { PaymentIdCell } from '../../../components/payment/payment-id-cell.tsx';
import { TransactionLink } from '../../../components/payment/transaction-link.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { ShortId } from '../../../components/short-id.tsx';
import { userPath } from '../../../components/user/user-path.ts';
import type { IncompleteItem } from '../api/get-incomplete.ts';
import { ClearingPlanSummary } from './clearing-plan-summary.tsx';
import { ConsoleKnowledge } from './console-knowledge.tsx';
import { IncompleteRowActions } from './incomplete-row-actions.tsx';

const column = dataTableColumnHelper<IncompleteItem>();
const muted = 'text-zinc-500 dark:text-zinc-400';

/** The payment as read again just now; as listed when that read failed. */
const freshest = (item: IncompleteItem) => item.current ?? item.listed;

export const incompleteColumnLabels: Record<string, string> = {
  id: 'Payment',
  fix: 'Fix',
  user: 'User',
  amount: 'Amount',
  memo: 'Memo',
  created: 'Created',
  flags: 'Flags',
  transaction: 'Transaction',
  known: 'The console knows',
};

/** Hidden until asked for under "Columns", so that the others fit without scrolling sideways; the fix already sums them up. */
export const defaultHiddenIncompleteColumns = ['memo', 'flags', 'transaction', 'known'];

// The fix comes right after the id: it is what ops come for.
export const incompleteColumns = column.columns([
  column.accessor((item) => item.listed.identifier, { id: 'id', header: incompleteColumnLabels.id, enableHiding: false, cell: (info) => <PaymentIdCell id={info.getValue()} /> }),
  column.display({ id: 'fix', header: incompleteColumnLabels.fix, enableHiding: false, cell: ({ row }) => <ClearingPlanSummary item={row.original} /> }),
  column.accessor((item) => freshest(item).user_uid, {
    id: 'user',
    header: incompleteColumnLabels.user,
    cell: (info) => <ShortId id={info.getValue()} kind="user uid" to={userPath(info.getValue())} />,
  }),
  column.accessor(freshest, {
    id: 'amount',
    header: incompleteColumnLabels.amount,
    cell: (info) => <PaymentAmount amount={info.getValue().amount} network={info.getValue().network} />,
  }),
  column.accessor((item) => freshest(item).memo, {
    id: 'memo',
    header: incompleteColumnLabels.memo,
    cell: (info) => (info.getValue() ? <span className="block max-w-40 truncate" title={info.getValue()}>{info.getValue()}</span> : <span className={muted}>none</span>),
  }),
  column.accessor((item) => freshest(item).created_at, { id: 'created', header: incompleteColumnLabels.created, cell: (info) => <RelativeTime iso={info.getValue()} /> }),
  column.accessor((item) => freshest(item).status, { id: 'flags', header: incompleteColumnLabels.flags, cell: (info) => <CompactPaymentFlags status={info.getValue()} /> }),
  column.accessor((item) => freshest(item).transaction, {
    id: 'transaction',
    header: incompleteColumnLabels.transaction,
    cell: (info) => <TransactionLink transaction={info.getValue()} short />,
  }),
  column.accessor('known', { id: 'known', header: incompleteColumnLabels.known, cell: (info) => <ConsoleKnowledge known={info.getValue()} /> }),
  column.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    enableHiding: false,
    cell: ({ row }) => <IncompleteRowActions item={row.original} />,
  }),
]);

/** With a checkbox per row, for staff who may clear them. */
export const selectableIncompleteColumns = column.columns([dataTableSelectColumn<IncompleteItem>((item) => `Select payment ${item.listed.identifier}`), ...incompleteColumns]);
