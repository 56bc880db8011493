import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import type { AwaitingItem } from '../../../display/approval/awaiting-approval.ts';
import { AwaitingItemLink } from './awaiting-item-link.tsx';

export const awaitingItemColumn = dataTableColumnHelper<AwaitingItem>();

/** What was asked for (a link to its page) and how much: the first columns of every approvals table. */
export const whatAndAmountColumns = [
  awaitingItemColumn.display({ id: 'what', header: 'What', cell: ({ row }) => <span className="break-all"><AwaitingItemLink item={row.original} /></span> }),
  awaitingItemColumn.accessor('amount', { header: 'Amount', cell: (info) => <span className="tabular-nums">{info.getValue()}</span> }),
];

/** Unique across kinds: a reward and a batch may share an id. */
export const awaitingItemId = (item: AwaitingItem) => `${item.kind}:${item.id}`;
