import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { LookAlike } from '../api/get-look-alike.ts';
import { rewardPath } from '../../../display/reward/reward-filters.ts';
import { requesterName } from '../../../display/reward/requester-name.ts';

/** Says that this user was already asked to be paid the same amount with the same memo, and links that reward. */
export function LookAlikeWarning({ earlier }: { earlier: LookAlike }) {
  return (
    <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      Already asked for: {requesterName(earlier.requestedBy) ?? 'a staff member'} asked to pay this user the same amount with the same memo on {formatDateTime(earlier.requestedAt)}.{' '}
      <Link to={rewardPath(earlier.id)} className="font-medium underline">
        Open the earlier reward
      </Link>
      . Pay again only if the user should get it twice.
    </p>
  );
}
