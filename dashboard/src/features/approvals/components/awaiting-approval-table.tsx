import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import type { AwaitingDecision } from '../api/decide-awaiting.ts';
import type { AwaitingItem } from '../api/get-awaiting-approval.ts';

const cell = 'px-3 py-1.5 align-top';
const link = 'font-medium text-indigo-700 hover:underline dark:text-indigo-300';
const decisionLabels: Record<AwaitingDecision, string> = { approve: 'Approve', withdraw: 'Withdraw' };

/** The button's name says which row it acts on: "Approve batch winners.csv", "Withdraw reward to <uid>". */
const itemWords = (item: AwaitingItem) => (item.kind === 'batch' ? `batch ${item.fileName ?? item.id}` : `reward to ${item.uid ?? ''}`);

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

/** Rewards and batches awaiting approval, oldest first, each with a link to its page and one decision. */
export function AwaitingApprovalTable({ label, items, decision, onDecide }: { label: string; items: readonly AwaitingItem[]; decision: AwaitingDecision; onDecide: (item: AwaitingItem) => void }) {
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
                <Button variant={decision === 'approve' ? 'primary' : 'secondary'} aria-label={`${decisionLabels[decision]} ${itemWords(item)}`} onClick={() => onDecide(item)}>
                  {decisionLabels[decision]}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
