import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useCan } from '../../../lib/access.ts';
import { useMyStaffId } from '../../../lib/session.ts';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { ApproveRewardDialog } from './approve-reward-dialog.tsx';
import { RejectDialog } from '../../../display/approval/reject-dialog.tsx';
import { CancelRewardDialog } from './cancel-reward-dialog.tsx';
import { RetryRewardDialog } from './retry-reward-dialog.tsx';
import { WithdrawRewardDialog } from './withdraw-reward-dialog.tsx';
import { requesterName } from '../../../display/reward/requester-name.ts';

type Open = 'retry' | 'cancel' | 'approve' | 'reject' | 'withdraw' | null;

/**
 * Retry and cancel, for roles that pay rewards, and only where the server says each is safe now.
 * A single reward awaiting approval: approve or reject for a manager or admin who did not ask for it
 * (here only, with the reward in view), withdraw for its requester only. A row of a batch awaiting approval is approved or withdrawn with its batch.
 */
export function RewardActions({ reward }: { reward: Reward }) {
  const canPay = useCan('rewards:pay');
  const canApprove = useCan('rewards:approve');
  const me = useMyStaffId();
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);

  const awaiting = reward.state === 'awaiting_approval';
  const mine = me !== null && reward.requestedBy.id === me;
  const batchRow = awaiting && reward.batchId !== null;
  const batchNote = batchRow && (canPay || canApprove);
  const approvable = canApprove && awaiting && !batchRow && !mine;
  const withdrawable = canPay && awaiting && !batchRow && mine;
  // Waiting for approval, a reward is withdrawn by its requester alone, never cancelled by another.
  const cancellable = canPay && reward.canCancel && !awaiting;
  const retryable = canPay && reward.canRetry;
  if (!approvable && !withdrawable && !cancellable && !retryable && !batchNote && !done) return null;

  const finish = (message: string) => () => {
    setOpen(null);
    setDone(message);
  };

  return (
    <section aria-labelledby="reward-actions-heading" className="space-y-2">
      <h2 id="reward-actions-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        Actions
      </h2>
      {done && <Notice>{done}</Notice>}
      {batchNote && reward.batchId && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {'This reward is a row of a batch awaiting approval: it is approved or withdrawn with '}
          <Link to={`/rewards/batches/${encodeURIComponent(reward.batchId)}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            its batch
          </Link>
          .
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {approvable && (
          <Button variant="primary" onClick={() => setOpen('approve')}>
            Approve
          </Button>
        )}
        {approvable && (
          <Button variant="danger" onClick={() => setOpen('reject')}>
            Reject
          </Button>
        )}
        {withdrawable && (
          <Button variant="danger" onClick={() => setOpen('withdraw')}>
            Withdraw
          </Button>
        )}
        {retryable && (
          <Button variant="primary" onClick={() => setOpen('retry')}>
            Retry reward
          </Button>
        )}
        {cancellable && (
          <Button variant="danger" onClick={() => setOpen('cancel')}>
            Cancel reward
          </Button>
        )}
      </div>
      {open === 'approve' && <ApproveRewardDialog reward={reward} onClose={() => setOpen(null)} onApproved={finish('The reward is approved and being paid; its state below is the latest.')} />}
      {open === 'reject' && (
        <RejectDialog
          target={{ kind: 'reward', id: reward.id }}
          what={`${reward.amount} to user ${reward.uid}`}
          requester={requesterName(reward.requestedBy)}
          onClose={() => setOpen(null)}
          onRejected={finish('The reward is rejected: nothing is paid, and its requester sees your reason.')}
        />
      )}
      {open === 'withdraw' && <WithdrawRewardDialog reward={reward} onClose={() => setOpen(null)} onWithdrawn={finish('The reward is withdrawn: nothing was paid.')} />}
      {open === 'retry' && <RetryRewardDialog reward={reward} onClose={() => setOpen(null)} onRetried={finish('The reward was retried; its state below is the latest.')} />}
      {open === 'cancel' && <CancelRewardDialog reward={reward} onClose={() => setOpen(null)} onCancelled={finish('The reward is cancelled.')} />}
    </section>
  );
}
