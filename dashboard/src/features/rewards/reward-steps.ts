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
