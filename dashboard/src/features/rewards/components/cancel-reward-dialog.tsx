import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useCancelReward } from '../api/cancel-reward.ts';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { useNetwork } from '../../../display/wallet/use-network.ts';
import { userWords } from '../../../components/user/user-names.ts';

function consequence({ paymentId, amount, uid, userNames }: Reward, network: string | null): string {
  const payment = paymentId ? ` The console first cancels its payment, ${paymentId}, on the platform.` : '';
  return `User ${userWords(uid, userNames)} will not get these ${amountWithCurrency(amount, network)}: the reward is cancelled for good and cannot be retried.${payment} No money has moved.`;
}

export function CancelRewardDialog({ reward, onClose, onCancelled }: { reward: Reward; onClose: () => void; onCancelled: () => void }) {
  const cancel = useCancelReward();
  const network = useNetwork(reward.network);
  return (
    <ConfirmDialog
      title="Cancel this reward?"
      consequence={<p>{consequence(reward, network)}</p>}
      confirmLabel="Cancel reward"
      tone="danger"
      pending={cancel.isPending}
      error={cancel.error && <ErrorNotice error={cancel.error} />}
      onConfirm={() => cancel.mutate(reward.id, { onSuccess: onCancelled })}
      onCancel={onClose}
    />
  );
}
