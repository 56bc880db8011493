import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useBatchAction, type BatchVerb } from '../api/batch-action.ts';
import type { Batch } from '../../../display/batch/batch-types.ts';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { useNetwork } from '../../../display/wallet/use-network.ts';
import { requesterName } from '../../../display/reward/requester-name.ts';

/** The verbs that move money or end the batch, so they are asked about first; pause and resume are not. */
export type ConfirmedBatchVerb = Extract<BatchVerb, 'start' | 'approve' | 'cancel'>;

interface Question {
  title: string;
  consequence: string;
  confirmLabel: string;
  cancelLabel: string;
}

function question(batch: Batch, verb: ConfirmedBatchVerb, withdrawing: boolean, network: string | null): Question {
  const rows = `${batch.valid} rows, ${amountWithCurrency(batch.total, network)} in all`;
  if (verb === 'start') {
    return {
      title: 'Start paying this batch?',
      consequence: `The console pays ${rows}, each once. Rows with problems are not paid. ${
        batch.needsApprovalOver === null
          ? 'Above the approval threshold, the batch first waits for a second manager or admin to approve it.'
          : `The total is over the approval threshold of ${batch.needsApprovalOver}: the batch first waits for a second manager or admin to approve it.`
      }`,
      confirmLabel: 'Start paying',
      cancelLabel: 'Not yet',
    };
  }
  if (verb === 'approve') {
    return {
      title: 'Approve this batch?',
      consequence: `The console starts paying ${rows}, as ${requesterName(batch.requestedBy) ?? 'another staff member'} asked. Each row is paid once.`,
      confirmLabel: 'Approve batch',
      cancelLabel: 'Keep waiting',
    };
  }
  return withdrawing
    ? { title: 'Withdraw this batch?', consequence: 'None of its rows is paid, and nobody can approve it any more.', confirmLabel: 'Withdraw batch', cancelLabel: 'Keep waiting' }
    : { title: 'Cancel this batch?', consequence: 'Rows not started yet are not paid; rows being paid now finish.', confirmLabel: 'Cancel batch', cancelLabel: 'Keep the batch' };
}

/** Asks before starting, approving, cancelling or withdrawing a batch; a refusal shows inside and the dialog stays open. */
export function BatchActionDialog({ batch, verb, withdrawing, onClose }: { batch: Batch; verb: ConfirmedBatchVerb; withdrawing: boolean; onClose: () => void }) {
  const action = useBatchAction(batch.id);
  const { title, consequence, confirmLabel, cancelLabel } = question(batch, verb, withdrawing, useNetwork());
  return (
    <ConfirmDialog
      title={title}
      consequence={<p>{consequence}</p>}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      tone={verb === 'cancel' ? 'danger' : 'primary'}
      pending={action.isPending}
      error={action.error && <ErrorNotice error={action.error} />}
      onConfirm={() => action.mutate(verb, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}
