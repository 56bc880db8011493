import { Link } from 'react-router-dom';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { ExternalLink } from '../../../components/external-link.tsx';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import { shortTxid } from '../../../components/payment/transaction-link.tsx';
import { UserName } from '../../../components/user/user-name.tsx';
import { userPath } from '../../../components/user/user-path.ts';
import { rewardPath } from '../../../display/reward/reward-filters.ts';
import type { BatchRow } from '../api/get-batch-rows.ts';
import { BatchRowStateBadge } from './batch-row-state-badge.tsx';

const column = dataTableColumnHelper<BatchRow>();
const muted = 'text-zinc-500 dark:text-zinc-400';
const link = 'text-indigo-700 hover:underline dark:text-indigo-300';
// Inside a sentence a link is underlined: its colour alone does not tell it from the words around it.
const linkInText = 'text-indigo-700 underline dark:text-indigo-300';

function UserCell({ row }: { row: BatchRow }) {
  if (!row.uid) return <span className={muted}>none</span>;
  return <UserName uid={row.uid} names={row.userNames} to={userPath(row.uid)} />;
}

/** The reason in words; the payment that blocks the row opens from it. */
function ReasonCell({ row }: { row: BatchRow }) {
  const { reason, blockedBy } = row;
  if (!reason) return <span className={muted}>none</span>;
  const at = blockedBy ? reason.indexOf(blockedBy) : -1;
  if (!blockedBy || at < 0) return <span className="block max-w-80">{reason}</span>;
  return (
    <span className="block max-w-80">
      {reason.slice(0, at)}
      <Link to={paymentPath(blockedBy)} className={`font-mono text-xs ${linkInText}`}>
        {blockedBy}
      </Link>
      {reason.slice(at + blockedBy.length)}
    </span>
  );
}

function NextStepCell({ row }: { row: BatchRow }) {
  if (!row.nextStep) return <span className={muted}>nothing</span>;
  return (
    <span className="block max-w-80">
      {row.nextStep}
      {row.blockedBy && (
        <>
          {' '}
          <Link to="/incomplete" className={linkInText}>
            Open Incomplete payments
          </Link>
        </>
      )}
    </span>
  );
}

function LinksCell({ row }: { row: BatchRow }) {
  if (!row.rewardId) return <span className={muted}>none</span>;
  return (
    <span className="flex flex-col gap-1 text-xs whitespace-nowrap">
      <Link to={rewardPath(row.rewardId)} className={link}>
        Reward
      </Link>
      {row.txid ? (
        <span className="font-mono">
          <ExternalLink url={row.transactionLink ?? ''} title={`Transaction ${row.txid}`}>
            {shortTxid(row.txid)}
          </ExternalLink>
        </span>
      ) : (
        <span className={muted}>no transaction yet</span>
      )}
    </span>
  );
}

/** Who gets what, and what became of each row: the preview before start, the results after. */
export const batchRowColumns = column.columns([
  column.accessor('line', { header: 'Line', cell: (info) => <span className="tabular-nums">{info.getValue()}</span> }),
  column.accessor('uid', { id: 'user', header: 'User', cell: ({ row }) => <UserCell row={row.original} /> }),
  column.accessor('amount', { header: 'Amount', cell: (info) => <span className="font-mono whitespace-nowrap tabular-nums">{info.getValue()}</span> }),
  column.accessor('state', { header: 'State', cell: (info) => <BatchRowStateBadge state={info.getValue()} /> }),
  column.display({ id: 'reason', header: 'Reason', cell: ({ row }) => <ReasonCell row={row.original} /> }),
  column.display({ id: 'nextStep', header: 'Next step', cell: ({ row }) => <NextStepCell row={row.original} /> }),
  column.display({ id: 'links', header: 'Reward and transaction', cell: ({ row }) => <LinksCell row={row.original} /> }),
]);
