import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useLookAlike } from '../api/get-look-alike.ts';
import { refusedLookAlike, type NewReward } from '../api/pay-reward.ts';
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
  /** `confirmLookAlike`: an earlier reward like this one was shown, and paying confirms paying again. */
  onConfirm: (confirmLookAlike: boolean) => void;
  onCancel: () => void;
}

/**
 * The preview in words, and the one button that pays; after an unknown outcome it sends the same
 * submission again. An earlier reward like this one is shown before paying, and paying then confirms
 * it; one the server names when it refuses (asked for meanwhile) is shown the same way, and paying again confirms it.
 */
export function ConfirmRewardDialog({ reward, network, pending, error, onConfirm, onCancel }: ConfirmRewardDialogProps) {
  const lookAlikeRefused = refusedLookAlike(error);
  const unknownOutcome = error !== null && lookAlikeRefused === null && !isSettledAnswer(error);
  const { data: lookedUp } = useLookAlike({ uid: reward.uid, amount: reward.amount, memo: reward.memo });
  const earlier = lookAlikeRefused ?? lookedUp ?? null;
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
      confirmLabel={unknownOutcome ? 'Send the same request again' : lookAlikeRefused ? 'Pay again anyway' : 'Pay reward'}
      pending={pending}
      error={
        error && (
          <div className="mt-4">
            <ErrorNotice
              error={error}
              message={lookAlikeRefused ? 'Nothing was paid: an earlier reward like this one was asked for (above).' : undefined}
              detail={unknownOutcome ? 'Whether the reward was requested is not known. Sending again uses the same request key, so it is paid at most once.' : undefined}
            />
          </div>
        )
      }
      onConfirm={() => onConfirm(earlier !== null)}
      onCancel={onCancel}
    />
  );
}
