import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useCancelReward } from '../api/cancel-reward.ts';
import type { Reward } from '../api/get-reward.ts';

function consequence({ paymentId, amount, uid }: Reward): string {
  const payment = paymentId ? ` The console first cancels its payment, ${paymentId}, on the platform.` : '';
  return `User ${uid} will not get these ${amount}: the reward is cancelled for good and cannot be retried.${payment} No money has moved.`;
}

export function CancelRewardDialog({ reward, onClose, onCancelled }: { reward: Reward; onClose: () => void; onCancelled: () => void }) {
  const cancel = useCancelReward();
  return (
    <ConfirmDialog
      title="Cancel this reward?"
      consequence={<p>{consequence(reward)}</p>}
      confirmLabel="Cancel reward"
      tone="danger"
      pending={cancel.isPending}
      error={cancel.error && <ErrorNotice error={cancel.error} />}
      onConfirm={() => cancel.mutate(reward.id, { onSuccess: onCancelled })}
      onCancel={onClose}
    />
  );
}
