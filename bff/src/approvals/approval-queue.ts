import { fromScaled, toScaled } from '../../../common/amount.ts';
import { REJECTED_SHOWN_FOR_DAYS } from '../../../common/limits.ts';
import type { Clock } from '../clock.ts';
import type { ApprovalQueueStore, AwaitingRow } from './approval-queue-store.ts';
import { rejectionView, type RejectionView } from '../rewards/rejection.ts';

/** A reward or a batch above the approval threshold, as the "waits for approval" lists show it. */
export interface AwaitingApprovalView {
  kind: 'reward' | 'batch';
  id: string;
  /** A staff member (`email`), or an API key (`apiKey`: its name). */
  requestedBy: { id: string; email: string | null; apiKey: string | null };
  /** The reward's amount, or the batch's total. */
  amount: string;
  /** The reward's user; null for a batch. */
  uid: string | null;
  /** The batch's file name and the rows it would pay; null for a reward. */
  fileName: string | null;
  rows: number | null;
  requestedAt: string;
  /** Null while it waits; in `mine`, who rejected it instead of approving it, when and why. */
  rejection: RejectionView | null;
}

export interface AwaitingApproval {
  /** Asked for by someone else: the signed-in staff member may approve or reject them. */
  toApprove: AwaitingApprovalView[];
  /**
   * Asked for by the signed-in staff member: first what waits for someone else (oldest first; their
   * requester may withdraw it), then what was rejected in the last REJECTED_SHOWN_FOR_DAYS days (newest first).
   */
  mine: AwaitingApprovalView[];
}

/** What waits for a second pair of eyes, split by whose eyes it waits for. */
export class ApprovalQueue {
  constructor(
    private readonly store: ApprovalQueueStore,
    private readonly clock: Clock,
  ) {}

  /** `mayApprove`: whether the staff member may approve others' requests at all (else `toApprove` is empty). */
  async for(staffId: string, mayApprove: boolean): Promise<AwaitingApproval> {
    const since = new Date(this.clock.now().getTime() - REJECTED_SHOWN_FOR_DAYS * 86_400_000);
    const [awaiting, rejected] = await Promise.all([this.store.awaiting(), this.store.rejectedOf(staffId, since)]);
    const rows = awaiting.map(awaitingView);
    return {
      toApprove: mayApprove ? rows.filter((row) => row.requestedBy.id !== staffId) : [],
      mine: [...rows.filter((row) => row.requestedBy.id === staffId), ...rejected.map(awaitingView)],
    };
  }
}

function awaitingView(row: AwaitingRow): AwaitingApprovalView {
  return {
    kind: row.kind,
    id: row.id,
    requestedBy: { id: row.requestedBy, email: row.requesterEmail, apiKey: row.requesterKeyName },
    amount: fromScaled(toScaled(row.amount)),
    uid: row.uid,
    fileName: row.fileName,
    rows: row.rows,
    requestedAt: row.createdAt.toISOString(),
    rejection: rejectionView(row, row.rejecterEmail),
  };
}
