import { Link } from 'react-router-dom';
import type { AwaitingItem } from '../api/get-awaiting-approval.ts';
import { awaitingItemPath } from '../awaiting-item-words.ts';

/** "Batch winners.csv (12 rows)" or "Reward to <uid>", opening its page. */
export function AwaitingItemLink({ item }: { item: AwaitingItem }) {
  return (
    <Link to={awaitingItemPath(item)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
      {item.kind === 'batch' ? `Batch ${item.fileName ?? item.id} (${item.rows ?? 0} rows)` : `Reward to ${item.uid ?? ''}`}
    </Link>
  );
}
