import { NEEDS_FUNDS, REWARD_CODE_WORDS } from '../../../../common/reward-code-words.ts';
import { resultCodeExplanation } from '../../components/payment/platform-refusals.ts';

/** Each recovery point a reward can pass, in words; a step the console does not know shows as it is. */
const stepWords: Record<string, string> = {
  requested: 'Requested',
  create_sent: 'Asked the platform to create the payment',
  created: 'Payment created',
  found_after_lost_answer: 'Payment found after a lost answer (not created twice)',
  found_blocking: 'Its own payment found open (not created twice)',
  blocked: 'Blocked by another open payment',
  waiting: 'Waiting',
  signed: 'Transaction signed',
  submitted: 'Transaction sent to the blockchain',
  found_on_ledger: 'Transaction found on the blockchain',
  envelope_abandoned: 'Unsent transaction dropped, to be built again',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  needs_attention: 'Needs a person',
  retried: 'Retried by staff',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn before approval',
  cancel_refused: 'Cancel refused',
};

export function stepInWords(step: string): string {
  return stepWords[step] ?? step;
}

/**
 * Why a step happened, in words, from the code it recorded: the console's words for a reward's codes
 * first (a missing payment means something else for a reward than for a lookup), then the
 * platform's refusals; null for a code nobody worded.
 */
export function stepCodeInWords(code: string, detail: Record<string, unknown>): string | null {
  if (code === NEEDS_FUNDS && typeof detail.shortfall === 'string') {
    return `The app wallet lacked ${detail.shortfall} to pay it and its fee beside the rewards already under way; nothing was sent.`;
  }
  return REWARD_CODE_WORDS[code]?.reason ?? resultCodeExplanation(code);
}
