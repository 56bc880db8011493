import type { BadgeTone } from '../../components/badge.tsx';
import type { Batch, BatchListItem } from './batch-types.ts';

type BatchState = Batch['state'];

/** Where a batch stands, in the words staff use. */
export const batchStateWords: Record<BatchState, string> = {
  previewed: 'Previewed: nothing paid yet',
  awaiting_approval: 'Awaiting approval',
  running: 'Paying',
  paused: 'Paused',
  cancelled: 'Cancelled',
  finished: 'Finished',
  rejected: 'Rejected: nothing paid',
};

export const batchStateTones: Record<BatchState, BadgeTone> = {
  previewed: 'neutral',
  awaiting_approval: 'warning',
  running: 'warning',
  paused: 'warning',
  cancelled: 'neutral',
  finished: 'success',
  rejected: 'danger',
};

/** Every state, in the order a batch moves through them. */
export const batchStates = Object.keys(batchStateWords) as BatchState[];

/** Whether the batch needed a second person, and who approved it. */
export function approvalWords({ state, approval }: Pick<BatchListItem, 'state' | 'approval'>): string {
  switch (approval.state) {
    case 'not_asked':
      // The approval threshold is checked when a batch is started.
      return state === 'previewed' ? 'Decided when started' : 'Never started';
    case 'not_needed':
      return 'Not needed';
    case 'awaiting':
      return 'Awaiting approval';
    case 'approved':
      return `Approved by ${approval.by ?? 'someone no longer on staff'}`;
    case 'rejected':
      return `Rejected by ${approval.by ?? 'someone no longer on staff'}`;
    case 'withdrawn':
      return 'Withdrawn before approval';
  }
}
