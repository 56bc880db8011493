import { fromScaled, toScaled } from '../../../common/amount.ts';
import type { NewEvent } from '../events/event-log.ts';
import { publicApprovalOf } from '../rewards/public-approval.ts';
import type { rewardBatches } from '../store/schema.ts';

export type BatchRow = typeof rewardBatches.$inferSelect;
export type BatchState = BatchRow['state'];

/**
 * A batch as the public API shows it in its events (batch.*): where it stands and what it pays, as its
 * row holds it (its progress is the rewards' own events). Its schema is public-api/batch-schemas.ts.
 */
export interface PublicBatch {
  id: string;
  state: BatchState;
  /** Paused for funds: what the app wallet lacks to pay the work accepted; null otherwise. */
  needsFunds: string | null;
  fileName: string | null;
  requestedBy: string;
  approvedBy: string | null;
  rejection: { reason: string; at: string } | null;
  retryOf: string | null;
  rows: number;
  valid: number;
  users: number;
  total: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
}

export function publicBatchOf(batch: BatchRow): PublicBatch {
  return {
    id: batch.id,
    state: batch.state,
    needsFunds: batch.needsFunds === null ? null : fromScaled(toScaled(batch.needsFunds)),
    fileName: batch.fileName,
    requestedBy: batch.requestedBy,
    approvedBy: batch.approvedBy,
    rejection: batch.rejectionReason && batch.rejectedAt ? { reason: batch.rejectionReason, at: batch.rejectedAt.toISOString() } : null,
    retryOf: batch.retryOf,
    rows: batch.rowCount,
    valid: batch.validCount,
    users: batch.userCount,
    total: fromScaled(toScaled(batch.totalAmount)),
    createdAt: batch.createdAt.toISOString(),
    startedAt: batch.startedAt?.toISOString() ?? null,
    finishedAt: batch.finishedAt?.toISOString() ?? null,
    updatedAt: batch.updatedAt.toISOString(),
  };
}

const NOT_STARTED: readonly BatchState[] = ['previewed', 'awaiting_approval'];
const PAYING: readonly BatchState[] = ['running', 'paused'];

/**
 * The events a batch's move from `from` to the row `batch` records: it starts paying (at start, or at
 * its approval), pauses (by a person, or at once for want of funds), finishes, or its approval is asked
 * for or decided. A resume or a cancel records none.
 */
export function batchEventsOf(from: BatchState, batch: BatchRow, at: Date): NewEvent[] {
  const to = batch.state;
  const events: NewEvent[] = [];
  const batchEvent = (type: 'batch.started' | 'batch.paused' | 'batch.finished') => events.push({ type, subjectId: batch.id, data: { ...publicBatchOf(batch) }, at });
  const approvalEvent = (type: 'approval.requested' | 'approval.decided') =>
    events.push({ type, subjectId: batch.id, data: { ...publicApprovalOf('batch', batch, { amount: batch.totalAmount, waiting: to === 'awaiting_approval' }) }, at });
  if (to === 'awaiting_approval') approvalEvent('approval.requested');
  if (from === 'awaiting_approval' && (PAYING.includes(to) || to === 'rejected')) approvalEvent('approval.decided');
  if (NOT_STARTED.includes(from) && PAYING.includes(to)) batchEvent('batch.started');
  if (to === 'paused' && from !== 'paused') batchEvent('batch.paused');
  if (to === 'finished' && from !== 'finished') batchEvent('batch.finished');
  return events;
}
