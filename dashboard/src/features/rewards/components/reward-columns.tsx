import { Link } from 'react-router-dom';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { ExternalLink } from '../../../components/external-link.tsx';
import { PaymentIdCell } from '../../../components/payment/payment-id-cell.tsx';
import { shortTxid } from '../../../components/payment/transaction-link.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { ShortId } from '../../../components/short-id.tsx';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { rewardPath, rewardsViewPath } from '../../../display/reward/reward-filters.ts';
import { RewardStateBadge } from '../../../display/reward/reward-state-badge.tsx';
import { requesterName } from '../../../display/reward/requester-name.ts';

const column = dataTableColumnHelper<Reward>();
const muted = 'text-zinc-500 dark:text-zinc-400';

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

export const rewardColumnLabels: Record<string, string> = {
  id: 'Reward',
  state: 'State',
  user: 'User',
  amount: 'Amount',
  requestedBy: 'Requested by',
  payment: 'Payment',
  transaction: 'Transaction',
  requested: 'Requested',
};

/** Hidden until asked for under "Columns", so that the others fit without scrolling sideways; the reward's page shows them. */
export const defaultHiddenRewardColumns = ['payment', 'transaction'];

export const rewardColumns = column.columns([
  column.accessor('id', {
    header: rewardColumnLabels.id,
    enableHiding: false,
    cell: (info) => <ShortId id={info.getValue()} kind="reward id" to={rewardPath(info.getValue())} />,
  }),
  column.accessor('state', {
    header: rewardColumnLabels.state,
    cell: ({ row }) => (
      <span className="flex max-w-56 items-center gap-2 whitespace-nowrap">
        <RewardStateBadge state={row.original.state} />
        {row.original.error && (
          <span className="min-w-0 truncate text-xs text-zinc-600 dark:text-zinc-400" title={row.original.error.message}>
            {row.original.error.message}
          </span>
        )}
      </span>
    ),
  }),
  column.accessor('uid', {
    id: 'user',
    header: rewardColumnLabels.user,
    cell: (info) => <ShortId id={info.getValue()} kind="user uid" to={rewardsViewPath({ uid: info.getValue() })} />,
  }),
  column.accessor('amount', { header: rewardColumnLabels.amount, cell: (info) => <span className="font-mono whitespace-nowrap tabular-nums">{info.getValue()}</span> }),
  column.accessor('requestedBy', {
    header: rewardColumnLabels.requestedBy,
    cell: (info) => (
      <Link
        to={rewardsViewPath({ requestedBy: info.getValue().id })}
        title="Show the rewards this requester asked for"
        className="block max-w-40 truncate hover:underline"
      >
        {requesterName(info.getValue()) ?? info.getValue().id}
      </Link>
    ),
  }),
  column.accessor('paymentId', { id: 'payment', header: rewardColumnLabels.payment, cell: (info) => <PaymentCell id={info.getValue()} /> }),
  column.display({ id: 'transaction', header: rewardColumnLabels.transaction, cell: ({ row }) => <TransactionCell reward={row.original} /> }),
  column.accessor('createdAt', { id: 'requested', header: rewardColumnLabels.requested, cell: (info) => <RelativeTime iso={info.getValue()} /> }),
]);
