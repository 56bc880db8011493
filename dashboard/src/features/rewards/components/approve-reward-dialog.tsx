import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useApproveReward } from '../api/approve-reward.ts';
import { useLookAlike } from '../api/get-look-alike.ts';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { LookAlikeWarning } from './look-alike-warning.tsx';
import { requesterName } from '../../../display/reward/requester-name.ts';

/** Asks before approving someone else's reward, with an earlier reward like it (same user, amount and memo) as a warning. */
export function ApproveRewardDialog({ reward, onClose, onApproved }: { reward: Reward; onClose: () => void; onApproved: () => void }) {
  const approve = useApproveReward();
  const { data: earlier } = useLookAlike({ uid: reward.uid, amount: reward.amount, memo: reward.memo, except: reward.id });
  const requester = requesterName(reward.requestedBy) ?? 'another staff member';
  return (
    <ConfirmDialog
      title="Approve this reward?"
      consequence={<p>{`The console pays ${reward.amount} to user ${reward.uid} now, as ${requester} asked. It is paid once.`}</p>}
      confirmLabel="Approve reward"
      cancelLabel="Keep waiting"
      pending={approve.isPending}
      error={approve.error && <ErrorNotice error={approve.error} />}
      onConfirm={() => approve.mutate(reward.id, { onSuccess: onApproved })}
      onCancel={onClose}
    >
      {earlier && <LookAlikeWarning earlier={earlier} />}
    </ConfirmDialog>
  );
}
