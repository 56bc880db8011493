import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import type { AwaitingItem } from '../api/get-awaiting-approval.ts';

const cell = 'px-3 py-1.5 align-top';
const link = 'font-medium text-indigo-700 hover:underline dark:text-indigo-300';

function ItemLink({ item }: { item: AwaitingItem }) {
  if (item.kind === 'batch') {
    return (
      <Link to={`/rewards/batches/${encodeURIComponent(item.id)}`} className={link}>
        {`Batch ${item.fileName ?? item.id} (${item.rows ?? 0} rows)`}
      </Link>
    );
  }
  return (
    <Link to={`/rewards/${encodeURIComponent(item.id)}`} className={link}>
      {`Reward to ${item.uid ?? ''}`}
    </Link>
  );
}

/** Rewards and batches awaiting approval, oldest first, each with a link to its page and one action. */
export function AwaitingApprovalTable({ label, items, actionLabel, onAction }: { label: string; items: readonly AwaitingItem[]; actionLabel: string; onAction: (item: AwaitingItem) => void }) {
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="min-w-full text-sm">
        <thead className="text-left text-xs text-zinc-500 uppercase dark:text-zinc-400">
          <tr>
            <th scope="col" className={cell}>What</th>
            <th scope="col" className={cell}>Amount</th>
            <th scope="col" className={cell}>Requested by</th>
            <th scope="col" className={cell}>Requested</th>
            <th scope="col" className={cell}>
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
          {items.map((item) => (
            <tr key={`${item.kind}:${item.id}`}>
              <td className={`${cell} break-all`}>
                <ItemLink item={item} />
              </td>
              <td className={`${cell} tabular-nums`}>{item.amount}</td>
              <td className={cell}>{item.requestedBy.email ?? item.requestedBy.id}</td>
              <td className={cell}>
                <DateTime iso={item.requestedAt} />
              </td>
              <td className={`${cell} text-right`}>
                <Button variant={actionLabel === 'Approve' ? 'primary' : 'secondary'} aria-label={`${actionLabel} ${item.kind === 'batch' ? `batch ${item.fileName ?? item.id}` : `reward to ${item.uid ?? ''}`}`} onClick={() => onAction(item)}>
                  {actionLabel}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
