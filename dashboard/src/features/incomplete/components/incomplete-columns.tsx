import { Link } from 'react-router-dom';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { dataTableSelectColumn } from '../../../components/data-table/data-table-select-column.tsx';
import { PaymentAmount } from '../../../components/payment/payment-amount.tsx';
import { CompactPaymentFlags } from '../../../components/payment/payment-flag-badges.tsx';
import { PaymentIdCell } from '../../../components/payment/payment-id-cell.tsx';
import { TransactionLink } from '../../../components/payment/transaction-link.tsx';
import { userPath } from '../../../components/user/user-path.ts';
import { formatAge, formatDateTime } from '../../../lib/format-date.ts';
import type { IncompleteItem } from '../api/get-incomplete.ts';
import { ClearingPlanSummary } from './clearing-plan-summary.tsx';
import { ConsoleKnowledge } from './console-knowledge.tsx';
import { IncompleteRowActions } from './incomplete-row-actions.tsx';

const column = dataTableColumnHelper<IncompleteItem>();
const muted = 'text-zinc-500 dark:text-zinc-400';

/** The payment as read again just now; as listed when that read failed. */
const freshest = (item: IncompleteItem) => item.current ?? item.listed;

// The fix comes right after the id: it is what ops come for, and the table is wide.
export const incompleteColumns = column.columns([
  column.accessor((item) => item.listed.identifier, { id: 'id', header: 'Payment', cell: (info) => <PaymentIdCell id={info.getValue()} /> }),
  column.display({ id: 'fix', header: 'Fix', cell: ({ row }) => <ClearingPlanSummary item={row.original} /> }),
  column.accessor((item) => freshest(item).user_uid, {
    id: 'user',
    header: 'User',
    cell: (info) => (
      <Link to={userPath(info.getValue())} className="block max-w-36 truncate font-mono text-xs hover:underline" title={info.getValue()}>
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor(freshest, {
    id: 'amount',
    header: 'Amount',
    cell: (info) => <PaymentAmount amount={info.getValue().amount} network={info.getValue().network} />,
  }),
  column.accessor((item) => freshest(item).memo, {
    id: 'memo',
    header: 'Memo',
    cell: (info) => (info.getValue() ? <span className="block max-w-40 truncate" title={info.getValue()}>{info.getValue()}</span> : <span className={muted}>none</span>),
  }),
  column.accessor((item) => freshest(item).created_at, {
    id: 'age',
    header: 'Age',
    cell: (info) => (
      <time dateTime={info.getValue()} title={`Created ${formatDateTime(info.getValue())}`} className="whitespace-nowrap">
        {formatAge(info.getValue())}
      </time>
    ),
  }),
  column.accessor((item) => freshest(item).status, { id: 'flags', header: 'Flags', cell: (info) => <CompactPaymentFlags status={info.getValue()} /> }),
  column.accessor((item) => freshest(item).transaction, { id: 'transaction', header: 'Transaction', cell: (info) => <TransactionLink transaction={info.getValue()} short /> }),
  column.accessor('known', { id: 'known', header: 'The console knows', cell: (info) => <ConsoleKnowledge known={info.getValue()} /> }),
  column.display({ id: 'actions', header: () => <span className="sr-only">Actions</span>, cell: ({ row }) => <IncompleteRowActions item={row.original} /> }),
]);

/** With a checkbox per row, for staff who may clear them. */
export const selectableIncompleteColumns = column.columns([dataTableSelectColumn<IncompleteItem>((item) => `Select payment ${item.listed.identifier}`), ...incompleteColumns]);
