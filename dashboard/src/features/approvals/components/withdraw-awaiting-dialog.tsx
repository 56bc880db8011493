import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useWithdrawAwaiting } from '../api/withdraw-awaiting.ts';
import type { AwaitingItem } from '../../../display/approval/awaiting-approval.ts';
import { awaitingItemWords } from '../../../display/approval/awaiting-item-words.ts';

/** Asks before withdrawing one's own request that waits for approval. */
export function WithdrawAwaitingDialog({ item, onClose }: { item: AwaitingItem; onClose: () => void }) {
  const withdraw = useWithdrawAwaiting();
  const noun = item.kind === 'batch' ? 'batch' : 'reward';
  return (
    <ConfirmDialog
      title={`Withdraw this ${noun}?`}
      consequence={<p>{`Your request for ${awaitingItemWords(item)} is withdrawn: nothing is paid, and nobody can approve it any more.`}</p>}
      confirmLabel={`Withdraw ${noun}`}
      cancelLabel="Keep waiting"
      tone="danger"
      pending={withdraw.isPending}
      error={withdraw.error && <ErrorNotice error={withdraw.error} />}
      onConfirm={() => withdraw.mutate(item, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}
