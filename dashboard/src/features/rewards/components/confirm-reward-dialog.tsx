import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useLookAlike } from '../api/get-look-alike.ts';
import type { NewReward } from '../api/pay-reward.ts';
import { rewardPreview } from '../reward-preview.ts';
import { isSettledAnswer } from '../../../lib/use-submission-key.ts';
import { LookAlikeWarning } from './look-alike-warning.tsx';

interface ConfirmRewardDialogProps {
  reward: NewReward;
  /** What the amount is counted in; null when not known. */
  network: string | null;
  pending: boolean;
  /** Why the last attempt did not go through. */
  error: Error | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The preview in words, and the one button that pays; after an unknown outcome it sends the same submission again. */
export function ConfirmRewardDialog({ reward, network, pending, error, onConfirm, onCancel }: ConfirmRewardDialogProps) {
  const unknownOutcome = error !== null && !isSettledAnswer(error);
  const { data: earlier } = useLookAlike({ uid: reward.uid, amount: reward.amount, memo: reward.memo });
  return (
    <ConfirmDialog
      title="Pay this reward?"
      consequence={
        <div className="space-y-2">
          {rewardPreview(reward, network).map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
          {earlier && <LookAlikeWarning earlier={earlier} />}
        </div>
      }
      confirmLabel={unknownOutcome ? 'Send the same request again' : 'Pay reward'}
      pending={pending}
      error={
        error && (
          <div className="mt-4">
            <ErrorNotice
              error={error}
              detail={unknownOutcome ? 'Whether the reward was requested is not known. Sending again uses the same request key, so it is paid at most once.' : undefined}
            />
          </div>
        )
      }
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
