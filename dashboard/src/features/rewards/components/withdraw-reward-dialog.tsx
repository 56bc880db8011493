import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useCancelReward } from '../api/cancel-reward.ts';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { useNetwork } from '../../../display/wallet/use-network.ts';
import { userWords } from '../../../components/user/user-names.ts';

/** Withdrawing one's own request awaiting approval is cancelling it before anything went upstream. */
export function WithdrawRewardDialog({ reward, onClose, onWithdrawn }: { reward: Reward; onClose: () => void; onWithdrawn: () => void }) {
  const cancel = useCancelReward();
  const amount = amountWithCurrency(reward.amount, useNetwork(reward.network));
  return (
    <ConfirmDialog
      title="Withdraw this reward?"
      consequence={<p>{`Your request to pay ${amount} to user ${userWords(reward.uid, reward.userNames)} is withdrawn: nothing is paid, and nobody can approve it any more.`}</p>}
      confirmLabel="Withdraw reward"
      cancelLabel="Keep waiting"
      tone="danger"
      pending={cancel.isPending}
      error={cancel.error && <ErrorNotice error={cancel.error} />}
      onConfirm={() => cancel.mutate(reward.id, { onSuccess: onWithdrawn })}
      onCancel={onClose}
    />
  );
}
