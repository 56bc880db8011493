import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { DateTime } from '../../../components/date-time.tsx';
import type { ReconciliationException } from '../../../display/reconciliation/exception-types.ts';
import { ChainTransaction, Counterparty, ExceptionKindText, ExceptionStateBadge, LinkedRecords, muted } from './exception-cells.tsx';

const column = dataTableColumnHelper<ReconciliationException>();

/** Seven narrow columns, so that the table fits beside the sidebar at 1280 px without scrolling sideways. */
export const exceptionColumns = column.columns([
  column.accessor('kind', { header: 'Kind', cell: (info) => <span className="block max-w-44 text-sm"><ExceptionKindText kind={info.getValue()} /></span> }),
  column.display({ id: 'transaction', header: 'Transaction', cell: ({ row }) => <ChainTransaction exception={row.original} /> }),
  column.accessor('amount', {
    header: 'Amount',
    cell: (info) => <span className="font-mono text-xs whitespace-nowrap tabular-nums">{info.getValue() ?? <span className={muted}>—</span>}</span>,
  }),
  column.accessor('counterparty', { header: 'Counterparty', cell: (info) => <Counterparty address={info.getValue()} /> }),
  column.display({ id: 'linked', header: 'Linked to', cell: ({ row }) => <LinkedRecords exception={row.original} /> }),
  column.accessor('firstSeenAt', { header: 'First seen', cell: (info) => <span className="text-xs"><DateTime iso={info.getValue()} /></span> }),
  column.accessor('state', { header: 'State', cell: (info) => <ExceptionStateBadge state={info.getValue()} /> }),
]);
