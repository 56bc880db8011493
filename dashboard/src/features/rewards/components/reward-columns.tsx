import { Link } from 'react-router-dom';
import { CopyButton } from '../../../components/copy-button.tsx';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { DateTime } from '../../../components/date-time.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { PaymentIdCell } from '../../../components/payment/payment-id-cell.tsx';
import { shortTxid } from '../../../components/payment/transaction-link.tsx';
import type { Reward } from '../api/get-reward.ts';
import { rewardPath, rewardsViewPath } from '../reward-filters.ts';
import { RewardStateBadge } from './reward-state-badge.tsx';

const column = dataTableColumnHelper<Reward>();
const muted = 'text-zinc-500 dark:text-zinc-400';
const filterLink = 'font-mono text-xs whitespace-nowrap hover:underline';

function TransactionCell({ reward }: { reward: Reward }) {
  if (!reward.txid) return <span className={muted}>none yet</span>;
  return (
    <span className="font-mono text-xs whitespace-nowrap">
      <ExternalLink url={reward.transactionLink ?? ''} title={reward.txid}>
        {shortTxid(reward.txid)}
      </ExternalLink>
    </span>
  );
}

function PaymentCell({ id }: { id: string | null }) {
  return id ? <PaymentIdCell id={id} /> : <span className={muted}>none yet</span>;
}

export const rewardColumns = column.columns([
  column.accessor('id', {
    header: 'Reward',
    cell: (info) => (
      <span className="flex items-center gap-2 whitespace-nowrap">
        <Link to={rewardPath(info.getValue())} title={info.getValue()} className="font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300">
          {info.getValue().slice(0, 8)}
        </Link>
        <CopyButton text={info.getValue()} label={`Copy reward id ${info.getValue()}`} />
      </span>
    ),
  }),
  column.accessor('state', {
    header: 'State',
    cell: ({ row }) => (
      <span className="flex max-w-64 flex-col items-start gap-1">
        <RewardStateBadge state={row.original.state} />
        {row.original.error && (
          <span className="line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400" title={row.original.error.message}>
            {row.original.error.message}
          </span>
        )}
      </span>
    ),
  }),
  column.accessor('uid', {
    id: 'user',
    header: 'User',
    cell: (info) => (
      <Link to={rewardsViewPath({ uid: info.getValue() })} title="Show this user's rewards" className={filterLink}>
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('amount', { header: 'Amount', cell: (info) => <span className="font-mono whitespace-nowrap tabular-nums">{info.getValue()}</span> }),
  column.accessor('requestedBy', {
    header: 'Requested by',
    cell: (info) => (
      <Link to={rewardsViewPath({ requestedBy: info.getValue().id })} title="Show the rewards this person asked for" className="whitespace-nowrap hover:underline">
        {info.getValue().email ?? info.getValue().id}
      </Link>
    ),
  }),
  column.accessor('paymentId', { header: 'Payment', cell: (info) => <PaymentCell id={info.getValue()} /> }),
  column.display({ id: 'transaction', header: 'Transaction', cell: ({ row }) => <TransactionCell reward={row.original} /> }),
  column.accessor('createdAt', { header: 'Requested', cell: (info) => <DateTime iso={info.getValue()} /> }),
]);
