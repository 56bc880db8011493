import { explainApart, type Explanation } from '../rewards/reward-explanations.ts';
import type { RewardState } from '../rewards/reward-row.ts';

/** Where an uploaded row stands: its reward's state, or invalid (never a reward), or not started yet. */
export type BatchResultState = RewardState | 'invalid' | 'not_started';

/** What to do about a row, by where it stands, when its code does not say. */
const NEXT_STEPS: Record<BatchResultState, string | null> = {
  invalid: 'Correct this line in the file and upload it as a new batch (a manager).',
  not_started: 'Paid once a manager starts the batch.',
  awaiting_approval: 'Waits for a second manager or admin to approve the batch.',
  requested: 'Nothing to do: it goes on by itself.',
  created: 'Nothing to do: it goes on by itself.',
  signed: 'Nothing to do: it goes on by itself.',
  submitted: 'Nothing to do: it goes on by itself.',
  completed: null,
  failed: 'A manager can pay it again with "Retry failed rows" once the batch has stopped.',
  needs_attention: 'Ops must look at the reward and its payment before anything more is paid: open the reward.',
  cancelled: 'Nothing was paid. A manager can pay it as a new reward if it should still be paid.',
  rejected: 'Nothing was paid: the approver rejected the batch (the reason is at the top of the page). A manager can upload it again once it is mended.',
};

export interface RowOutcome {
  state: BatchResultState;
  /** The file's problems with the row, in words (an invalid row). */
  problems: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  /** The open payment that holds the row (the ongoing-payment rule). */
  blockedBy: string | null;
}

/** A row's story: why it stands where it does, in words, and what to do and who can; both null for a paid row. */
export function batchRowStory({ state, problems, errorCode, errorMessage, blockedBy }: RowOutcome): { reason: string | null; nextStep: string | null } {
  if (state === 'invalid') return { reason: problems, nextStep: NEXT_STEPS.invalid };
  if (state === 'completed' || errorCode === null) return { reason: null, nextStep: NEXT_STEPS[state] };
  const explained: Explanation = explainApart(errorCode, errorMessage ?? undefined);
  const reason = errorCode === 'ongoing_payment_found' && blockedBy ? `Blocked by the unfinished payment ${blockedBy}.` : explained.reason;
  return { reason, nextStep: explained.nextStep ?? NEXT_STEPS[state] };
}
