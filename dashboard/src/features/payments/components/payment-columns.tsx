import { DataTableColumnHeader } from '../../../components/data-table/data-table-column-header.tsx';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { PaymentAmount } from '../../../components/payment/payment-amount.tsx';
import { CompactPaymentFlags } from '../../../components/payment/payment-flag-badges.tsx';
import { PaymentIdCell } from '../../../components/payment/payment-id-cell.tsx';
import { PaymentStateBadge } from '../../../components/payment/payment-state-badge.tsx';
import { paymentDirectionLabels } from '../../../components/payment/payment-states.ts';
import { TransactionLink } from '../../../components/payment/transaction-link.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import type { IndexedPayment } from '../api/get-payments.ts';
import { UserName } from '../../../components/user/user-name.tsx';
import { userPath } from '../../../components/user/user-path.ts';
import type { PaymentColumnId } from '../payment-table-view.ts';
import { PaymentRowActions } from './payment-row-actions.tsx';

const column = dataTableColumnHelper<IndexedPayment>();
const muted = 'text-zinc-500 dark:text-zinc-400';

export const paymentColumnLabels: Record<PaymentColumnId | 'actions', string> = {
  id: 'Payment',
  direction: 'Direction',
  user: 'User',
  amount: 'Amount',
  memo: 'Memo',
  state: 'State',
  flags: 'Flags',
  transaction: 'Transaction',
  created: 'Created',
  synced: 'Last synced',
  actions: 'Actions',
};

// Only created, amount and last synced sort, as the server's keyset pages allow; their ids are the server's sort names.
export const paymentColumns = column.columns([
  column.accessor('identifier', {
    id: 'id',
    header: paymentColumnLabels.id,
    enableSorting: false,
    enableHiding: false,
    cell: (info) => <PaymentIdCell id={info.getValue()} />,
  }),
  column.accessor('direction', {
    id: 'direction',
    header: paymentColumnLabels.direction,
    enableSorting: false,
    cell: (info) => <span className="whitespace-nowrap">{paymentDirectionLabels[info.getValue()]}</span>,
  }),
  column.accessor('user_uid', {
    id: 'user',
    header: paymentColumnLabels.user,
    enableSorting: false,
    cell: ({ row }) => <UserName uid={row.original.user_uid} names={row.original.userNames} to={userPath(row.original.user_uid)} />,
  }),
  column.accessor('amount', {
    id: 'amount',
    header: ({ column: amount }) => <DataTableColumnHeader column={amount} title={paymentColumnLabels.amount} />,
    cell: ({ row }) => <PaymentAmount amount={row.original.amount} network={row.original.network} />,
  }),
  column.accessor('memo', {
    id: 'memo',
    header: paymentColumnLabels.memo,
    enableSorting: false,
    cell: (info) => (info.getValue() ? <span className="block max-w-40 truncate" title={info.getValue()}>{info.getValue()}</span> : <span className={muted}>none</span>),
  }),
  column.accessor('state', {
    id: 'state',
    header: paymentColumnLabels.state,
    enableSorting: false,
    cell: (info) => (
      <span className="whitespace-nowrap">
        <PaymentStateBadge state={info.getValue()} />
      </span>
    ),
  }),
  column.accessor('status', { id: 'flags', header: paymentColumnLabels.flags, enableSorting: false, cell: (info) => <CompactPaymentFlags status={info.getValue()} /> }),
  column.accessor('transaction', {
    id: 'transaction',
    header: paymentColumnLabels.transaction,
    enableSorting: false,
    cell: (info) => <TransactionLink transaction={info.getValue()} short />,
  }),
  column.accessor('created_at', {
    id: 'created',
    header: ({ column: created }) => <DataTableColumnHeader column={created} title={paymentColumnLabels.created} />,
    cell: (info) => <RelativeTime iso={info.getValue()} />,
  }),
  column.accessor('lastSyncedAt', {
    id: 'synced',
    header: ({ column: synced }) => <DataTableColumnHeader column={synced} title={paymentColumnLabels.synced} />,
    cell: (info) => <RelativeTime iso={info.getValue()} />,
  }),
  column.display({
    id: 'actions',
    header: () => <span className="sr-only">{paymentColumnLabels.actions}</span>,
    enableHiding: false,
    cell: ({ row }) => <PaymentRowActions payment={row.original} />,
  }),
]);
