import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useDecideAwaiting, type AwaitingDecision } from '../api/decide-awaiting.ts';
import type { AwaitingItem } from '../api/get-awaiting-approval.ts';

function what(item: AwaitingItem): string {
  return item.kind === 'batch' ? `the batch ${item.fileName ?? 'without a file name'} (${item.rows ?? 0} rows, ${item.amount} in all)` : `${item.amount} to user ${item.uid ?? ''}`;
}

function consequence(item: AwaitingItem, decision: AwaitingDecision): string {
  if (decision === 'withdraw') return `Your request for ${what(item)} is withdrawn: nothing is paid, and nobody can approve it any more.`;
  const requester = item.requestedBy.email ?? 'another staff member';
  return item.kind === 'batch'
    ? `The console starts paying ${what(item)}, as ${requester} asked. Each row is paid once.`
    : `The console pays ${what(item)} now, as ${requester} asked.`;
}

/** Asks before approving someone else's request or withdrawing one's own. */
export function AwaitingDecisionDialog({ item, decision, onClose }: { item: AwaitingItem; decision: AwaitingDecision; onClose: () => void }) {
  const decide = useDecideAwaiting();
  const noun = item.kind === 'batch' ? 'batch' : 'reward';
  return (
    <ConfirmDialog
      title={decision === 'approve' ? `Approve this ${noun}?` : `Withdraw this ${noun}?`}
      consequence={<p>{consequence(item, decision)}</p>}
      confirmLabel={decision === 'approve' ? `Approve ${noun}` : `Withdraw ${noun}`}
      cancelLabel="Keep waiting"
      tone={decision === 'approve' ? 'primary' : 'danger'}
      pending={decide.isPending}
      error={decide.error && <ErrorNotice error={decide.error} />}
      onConfirm={() => decide.mutate({ item, decision }, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}
