import { fromScaled, toScaled } from '../../../common/amount.ts';

/**
 * A second person's approval of a reward or a batch above the approval threshold, as the public API
 * shows it in the events `approval.requested` and `approval.decided`. Its schema is
 * public-api/approval-schemas.ts.
 */
export interface PublicApproval {
  /** What waits for approval: a single reward, or a batch (whose rows are decided with it). */
  kind: 'reward' | 'batch';
  /** The reward's or the batch's id. */
  id: string;
  state: 'awaiting' | 'approved' | 'rejected';
  requestedBy: string;
  /** The reward's amount, or the batch's total. */
  amount: string;
  approvedBy: string | null;
  rejection: { by: string; reason: string; at: string } | null;
  requestedAt: string;
}

/** What a reward or batch row holds of its approval. */
export interface ApprovalSubject {
  id: string;
  requestedBy: string;
  approvedBy: string | null;
  rejectedBy: string | null;
  rejectedAt: Date | null;
  rejectionReason: string | null;
  createdAt: Date;
}

/** The approval of a reward or a batch row in hand: `waiting` while it awaits a second person. */
export function publicApprovalOf(kind: 'reward' | 'batch', row: ApprovalSubject, { amount, waiting }: { amount: string; waiting: boolean }): PublicApproval {
  const rejection = row.rejectedBy && row.rejectedAt && row.rejectionReason ? { by: row.rejectedBy, reason: row.rejectionReason, at: row.rejectedAt.toISOString() } : null;
  return {
    kind,
    id: row.id,
    state: waiting ? 'awaiting' : rejection ? 'rejected' : 'approved',
    requestedBy: row.requestedBy,
    amount: fromScaled(toScaled(amount)),
    approvedBy: row.approvedBy,
    rejection,
    requestedAt: row.createdAt.toISOString(),
  };
}
