import { fromScaled, toScaled } from '../../../common/amount.ts';
import type { ApprovalQueueStore, AwaitingRow } from './approval-queue-store.ts';

/** A reward or a batch above the approval threshold, as the "waits for approval" lists show it. */
export interface AwaitingApprovalView {
  kind: 'reward' | 'batch';
  id: string;
  requestedBy: { id: string; email: string | null };
  /** The reward's amount, or the batch's total. */
  amount: string;
  /** The reward's user; null for a batch. */
  uid: string | null;
  /** The batch's file name and the rows it would pay; null for a reward. */
  fileName: string | null;
  rows: number | null;
  requestedAt: string;
}

export interface AwaitingApproval {
  /** Asked for by someone else: the signed-in staff member may approve them. */
  toApprove: AwaitingApprovalView[];
  /** Asked for by the signed-in staff member: they wait for someone else, and their requester may withdraw them. */
  mine: AwaitingApprovalView[];
}

/** What waits for a second pair of eyes, split by whose eyes it waits for. */
export class ApprovalQueue {
  constructor(private readonly store: ApprovalQueueStore) {}

  /** `mayApprove`: whether the staff member may approve others' requests at all (else `toApprove` is empty). */
  async for(staffId: string, mayApprove: boolean): Promise<AwaitingApproval> {
    const rows = (await this.store.awaiting()).map(awaitingView);
    return { toApprove: mayApprove ? rows.filter((row) => row.requestedBy.id !== staffId) : [], mine: rows.filter((row) => row.requestedBy.id === staffId) };
  }
}

function awaitingView(row: AwaitingRow): AwaitingApprovalView {
  return {
    kind: row.kind,
    id: row.id,
    requestedBy: { id: row.requestedBy, email: row.requesterEmail },
    amount: fromScaled(toScaled(row.amount)),
    uid: row.uid,
    fileName: row.fileName,
    rows: row.rows,
    requestedAt: row.createdAt.toISOString(),
  };
}
