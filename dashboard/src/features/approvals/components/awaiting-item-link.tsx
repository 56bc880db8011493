import { Link } from 'react-router-dom';
import type { AwaitingItem } from '../../../display/approval/awaiting-approval.ts';
import { awaitingItemPath } from '../../../display/approval/awaiting-item-words.ts';

/** "Batch winners.csv (12 rows)" or "Reward to <uid>", opening its page. */
export function AwaitingItemLink({ item }: { item: AwaitingItem }) {
  return (
    <Link to={awaitingItemPath(item)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
      {item.kind === 'batch' ? `Batch ${item.fileName ?? item.id} (${item.rows ?? 0} rows)` : `Reward to ${item.uid ?? ''}`}
    </Link>
  );
}
