import type { BatchState } from './batch-store.ts';
import type { BatchProgress } from './batch-view.ts';

/**
 * Whether the batch needs a second person: not asked before it is started; not needed when it
 * started under the approval threshold; awaiting; approved or rejected (by whom); withdrawn while it awaited.
 */
export type BatchApprovalState = 'not_asked' | 'not_needed' | 'awaiting' | 'approved' | 'rejected' | 'withdrawn';

export interface BatchListItem {
  id: string;
  /** The uploaded file's name, when it had one. */
  name: string | null;
  requester: { id: string; email: string | null };
  state: BatchState;
  /** Its rewards (one per valid row, once started): paid, ended without paying, cancelled, still to go. */
  progress: Pick<BatchProgress, 'done' | 'failed' | 'cancelled' | 'remaining' | 'total'>;
  rows: number;
  /** The valid rows' amounts added up. */
  total: string;
  /** `by`: who approved or rejected it, by email (their id when the console has no email for them). */
  approval: { state: BatchApprovalState; by: string | null };
  createdAt: string;
}
