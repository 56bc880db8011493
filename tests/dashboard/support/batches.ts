import type { BatchPreview } from '../../../dashboard/src/display/batch/batch-types.ts';

export const BATCH_ID = '5e3c1a2b-4d6f-4a8b-9c0d-1e2f3a4b5c6d';

type Batch = BatchPreview['batch'];

/** A batch as `GET /api/rewards/batches/:id` answers it: another manager's winners.csv, 2 valid rows of 3, awaiting approval. */
export function batch(overrides: Partial<Batch> = {}): Batch {
  return {
    id: BATCH_ID,
    state: 'awaiting_approval',
    fileName: 'winners.csv',
    requestedBy: { id: 'someone-else', email: 'other-manager@sandbox.local' },
    approvedBy: null,
    rejection: null,
    retryOf: null,
    rows: 3,
    valid: 2,
    invalid: 1,
    users: 2,
    total: '3.5',
    flags: { duplicateRows: 0, duplicateUsers: 0, overCap: 0, unseenUsers: 0 },
    progress: { done: 0, failed: 0, cancelled: 0, remaining: 2, blocked: 0, total: 2, ratePerSecond: null, secondsLeft: null },
    facets: { paid: 0, failed: 0, waiting: 2, blocked: 0, not_paid: 1 },
    failedRows: { retryable: 0, leftOut: 0 },
    atLedgerPace: null,
    createdAt: '2026-05-15T08:00:00.000Z',
    startedAt: '2026-05-15T08:01:00.000Z',
    finishedAt: null,
    needsFunds: null,
    shortfallToStart: null,
    networkFees: null,
    needsApprovalOver: null,
    ...overrides,
  };
}
