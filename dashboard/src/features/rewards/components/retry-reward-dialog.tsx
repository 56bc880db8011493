import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { useRetryReward } from '../api/retry-reward.ts';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { useNetwork } from '../../../display/wallet/use-network.ts';
import { userWords } from '../../../components/user/user-names.ts';

function consequence({ state, paymentId, amount: bare, uid, userNames }: Reward, network: string | null): string {
  const user = userWords(uid, userNames);
  const amount = amountWithCurrency(bare, network);
  if (state !== 'failed') return `The console drives this reward on now instead of waiting for its next try: ${amount} to user ${user}. Nothing is paid twice.`;
  if (paymentId) return `The console goes on from the payment it already created, ${paymentId}, and builds its transaction again: ${amount} to user ${user}. Nothing is paid twice.`;
  return `The console asks the platform again to create the payment: ${amount} to user ${user}. No payment was created before, so nothing is paid twice.`;
}

export function RetryRewardDialog({ reward, onClose, onRetried }: { reward: Reward; onClose: () => void; onRetried: () => void }) {
  const retry = useRetryReward();
  const network = useNetwork(reward.network);
  return (
    <ConfirmDialog
      title="Retry this reward?"
      consequence={<p>{consequence(reward, network)}</p>}
      confirmLabel="Retry reward"
      pending={retry.isPending}
      error={retry.error && <ErrorNotice error={retry.error} />}
      onConfirm={() => retry.mutate(reward.id, { onSuccess: onRetried })}
      onCancel={onClose}
    />
  );
}
