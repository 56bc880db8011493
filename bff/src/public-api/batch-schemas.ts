import { z } from 'zod';
import type { PublicBatch } from '../batches/public-batch.ts';
import type { PublicApproval } from '../rewards/public-approval.ts';
import { REWARD_BATCH_STATES } from '../store/schema.ts';

/** A batch as its events (batch.*) carry it. */
export const publicBatchSchema = z
  .object({
    id: z.uuid(),
    state: z.enum(REWARD_BATCH_STATES),
    needsFunds: z.string().nullable().meta({ description: 'Paused for funds: what the app wallet lacks to pay the work accepted (a decimal string); null otherwise.' }),
    fileName: z.string().nullable(),
    requestedBy: z.uuid().meta({ description: 'The staff member who uploaded it.' }),
    approvedBy: z.uuid().nullable(),
    rejection: z.object({ reason: z.string(), at: z.iso.datetime() }).nullable(),
    retryOf: z.uuid().nullable().meta({ description: 'The batch whose failed rows this one pays again.' }),
    rows: z.number().int(),
    valid: z.number().int().meta({ description: 'The rows it pays; the others were refused at upload.' }),
    users: z.number().int(),
    total: z.string().meta({ description: 'What its valid rows add up to, a decimal string.' }),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Batch' }) satisfies z.ZodType<PublicBatch>;

/** A second person's approval of a reward or a batch, as approval.* events carry it. */
export const publicApprovalSchema = z
  .object({
    kind: z.enum(['reward', 'batch']),
    id: z.uuid().meta({ description: "The reward's or the batch's id." }),
    state: z.enum(['awaiting', 'approved', 'rejected']),
    requestedBy: z.uuid(),
    amount: z.string().meta({ description: "The reward's amount, or the batch's total: a decimal string." }),
    approvedBy: z.uuid().nullable(),
    rejection: z.object({ by: z.uuid(), reason: z.string(), at: z.iso.datetime() }).nullable(),
    requestedAt: z.iso.datetime(),
  })
  .meta({ id: 'Approval' }) satisfies z.ZodType<PublicApproval>;
