import { Badge } from '../../../components/badge.tsx';
import type { IncompleteItem } from '../api/get-incomplete.ts';
import { clearingActionTones, clearingActionWords } from '../clearing-actions.ts';
import { staleListingNote } from '../stale-listing.ts';

/** The fix for one payment with its reason in words, and a note when the platform's listed copy is out of date. */
export function ClearingPlanSummary({ item }: { item: IncompleteItem }) {
  const { plan, listed, current } = item;
  const stale = staleListingNote(listed, current);
  return (
    <div className="max-w-sm min-w-56 space-y-1">
      <Badge tone={clearingActionTones[plan.action]}>{clearingActionWords[plan.action]}</Badge>
      <p className="text-xs text-zinc-700 dark:text-zinc-300">{plan.reason}</p>
      {stale && <p className="text-xs font-medium text-amber-900 dark:text-amber-200">{stale}</p>}
    </div>
  );
}
