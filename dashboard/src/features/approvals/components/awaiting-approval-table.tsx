import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import type { AwaitingItem } from '../../../display/approval/awaiting-approval.ts';
import { awaitingItemName, awaitingItemPath } from '../../../display/approval/awaiting-item-words.ts';
import { AwaitingItemLink } from './awaiting-item-link.tsx';

const cell = 'px-3 py-1.5 align-top';
const reviewLink =
  'inline-flex items-center rounded-md bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800';

/**
 * Rewards and batches awaiting approval, oldest first, each with a link to its page. Someone else's
 * are approved or rejected only there, with the rows, totals and warnings in view: the list offers
 * "Review". One's own can be withdrawn from the list (`onWithdraw`): nothing is paid either way.
 */
export function AwaitingApprovalTable({ label, items, onWithdraw }: { label: string; items: readonly AwaitingItem[]; onWithdraw?: (item: AwaitingItem) => void }) {
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
                <AwaitingItemLink item={item} />
              </td>
              <td className={`${cell} tabular-nums`}>{item.amount}</td>
              <td className={cell}>{item.requestedBy.email ?? item.requestedBy.id}</td>
              <td className={cell}>
                <DateTime iso={item.requestedAt} />
              </td>
              <td className={`${cell} text-right`}>
                {onWithdraw ? (
                  <Button aria-label={`Withdraw ${awaitingItemName(item)}`} onClick={() => onWithdraw(item)}>
                    Withdraw
                  </Button>
                ) : (
                  <Link to={awaitingItemPath(item)} aria-label={`Review ${awaitingItemName(item)}`} className={reviewLink}>
                    Review
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
