import type { UseQueryResult } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { IncompleteItem } from '../api/get-incomplete.ts';
import { useClearingPlan } from '../api/plan-clearing.ts';
import { clearingMoneyWords, payingMoneyWords } from '../clearing-actions.ts';
import { ClearingPlanSummary } from './clearing-plan-summary.tsx';

function countOf(items: readonly IncompleteItem[], action: IncompleteItem['plan']['action']): number {
  return items.filter((item) => item.plan.action === action).length;
}

function paying(items: readonly IncompleteItem[]): string {
  const n = countOf(items, 'submit_and_complete');
  return n > 0 ? `${n} to submit and complete (pay), ` : '';
}

/** What the dry run says would happen to each payment. */
function PlannedClearing({ plan }: { plan: UseQueryResult<IncompleteItem[]> }) {
  if (plan.isPending) return <Spinner label="Reading each payment again to see what would happen" />;
  if (plan.isError) return <ErrorNotice error={plan.error} message={`What would happen could not be worked out: ${plan.error.message}`} />;
  const items = plan.data;
  if (items.length === 0) return <p className="text-sm">The platform lists none of these now, so there is nothing to clear.</p>;
  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium">{`${countOf(items, 'complete')} to complete, ${paying(items)}${countOf(items, 'cancel')} to cancel, ${countOf(items, 'none')} to leave as they are.`}</p>
      {countOf(items, 'submit_and_complete') > 0 && <p className="font-medium">{payingMoneyWords}</p>}
      <ul aria-label="What would happen" className="max-h-72 divide-y divide-zinc-100 overflow-y-auto rounded-md ring-1 ring-zinc-200 dark:divide-zinc-800 dark:ring-zinc-800">
        {items.map((item) => (
          <li key={item.listed.identifier} className="space-y-1 px-3 py-2">
            <p className="font-mono text-xs break-all">{item.listed.identifier}</p>
            <ClearingPlanSummary item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}

interface ClearDialogProps {
  /** The selected payments, or `null` for every listed one. */
  ids: readonly string[] | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A dry run first: what would happen to each payment, in words, before anything is changed. */
export function ClearDialog({ ids, onConfirm, onCancel }: ClearDialogProps) {
  const plan = useClearingPlan(ids);
  const actionable = (plan.data ?? []).some((item) => item.plan.action !== 'none');
  const scope = ids
    ? `${ids.length === 1 ? 'The selected payment is' : `The ${ids.length} selected payments are`} read again from the platform and each gets the fix that fits it.`
    : 'Every payment the platform lists as incomplete is read again and gets the fix that fits it. If the platform lists only its latest, the clearing lists again after each and goes on, up to a limit.';
  return (
    <ConfirmDialog
      title="Clear incomplete payments?"
      consequence={
        <>
          <p>{scope}</p>
          <p className="mt-2 font-medium">{clearingMoneyWords}</p>
        </>
      }
      confirmLabel="Clear payments"
      tone="danger"
      canConfirm={actionable}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <PlannedClearing plan={plan} />
    </ConfirmDialog>
  );
}
