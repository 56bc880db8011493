import { Link } from 'react-router-dom';
import type { AwaitingItem } from '../../../display/approval/awaiting-approval.ts';
import { awaitingItemPath } from '../../../display/approval/awaiting-item-words.ts';
import { userLabel } from '../../../components/user/user-names.ts';

/** "Batch winners.csv (12 rows)" or "Reward to Ana Pereira" (or to the uid, shortened), opening its page. */
export function AwaitingItemLink({ item }: { item: AwaitingItem }) {
  return (
    <Link to={awaitingItemPath(item)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
      {item.kind === 'batch' ? `Batch ${item.fileName ?? item.id} (${item.rows ?? 0} rows)` : `Reward to ${userLabel(item.uid ?? '', item.userNames)}`}
    </Link>
  );
}
