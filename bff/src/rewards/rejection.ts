import { z } from 'zod';
import { MAX_REJECTION_REASON_LENGTH } from '../../../common/limits.ts';

/** What a reject asks: why, in words the requester will read. */
export const rejectSchema = z.object({
  reason: z
    .string({ error: (issue) => (issue.input === undefined ? 'a reason is required' : 'must be text') })
    .trim()
    .min(1, 'a reason is required')
    .max(MAX_REJECTION_REASON_LENGTH, `must be at most ${MAX_REJECTION_REASON_LENGTH} characters`),
});

/** Who rejected a reward or a batch instead of approving it, when and why: shown to its requester. */
export interface RejectionView {
  by: { id: string; email: string | null };
  reason: string;
  at: string;
}

/** A reward or batch row's rejection, with the rejecter's email; null when it was not rejected. */
export function rejectionView(row: { rejectedBy: string | null; rejectedAt: Date | null; rejectionReason: string | null }, rejecterEmail: string | null): RejectionView | null {
  if (row.rejectedBy === null || row.rejectedAt === null || row.rejectionReason === null) return null;
  return { by: { id: row.rejectedBy, email: rejecterEmail }, reason: row.rejectionReason, at: row.rejectedAt.toISOString() };
}
