import { z } from 'zod';
import { EVENT_TYPE_NAMES, EVENT_TYPES, type EventSubjectKind, type EventType } from '../events/event-types.ts';
import { blankAsAbsent, commaSeparated } from '../http/query-params.ts';
import { publicApprovalSchema, publicBatchSchema } from './batch-schemas.ts';
import { publicApiKeySchema, publicChainBreakSchema, publicDisabledEndpointSchema, publicReconciliationExceptionSchema, publicWalletSchema } from './operations-schemas.ts';
import { publicPaymentSchema } from './payment-schemas.ts';
import { publicRefundSchema } from './refund-schemas.ts';
import { publicRewardSchema } from './reward-schemas.ts';

/** What each kind of subject's events carry: the subject as the public API shows it. */
const SUBJECT_SCHEMAS: Record<EventSubjectKind, z.ZodType> = {
  reward: publicRewardSchema,
  batch: publicBatchSchema,
  approval: publicApprovalSchema,
  payment: publicPaymentSchema,
  wallet: publicWalletSchema,
  reconciliation_exception: publicReconciliationExceptionSchema,
  audit: publicChainBreakSchema,
  api_key: publicApiKeySchema,
  webhook_endpoint: publicDisabledEndpointSchema,
};

/** A refund's event carries the refund, not the reward that pays it. */
const dataSchemaOf = (type: EventType): z.ZodType => (type === 'refund.completed' ? publicRefundSchema : SUBJECT_SCHEMAS[EVENT_TYPES[type].subject]);

const variants = EVENT_TYPE_NAMES.map((type) =>
  z
    .object({
      id: z.string().meta({ description: 'The event’s id (`evt_…`): the same on every delivery of it.', example: 'evt_6f1c0d0b4a2e4c5f9a7b3e2d1c0b9a8f' }),
      type: z.literal(type),
      createdAt: z.iso.datetime().meta({ description: 'When it happened.' }),
      data: dataSchemaOf(type),
    })
    .meta({ description: EVENT_TYPES[type].when }),
);

/** One event of the log, its `data` the subject as it stood then, of the shape its type names. */
export const publicEventSchema = z.union(variants as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]).meta({ id: 'Event' });

export const eventListSchema = z.object({
  cursor: blankAsAbsent(z.string().max(300)).meta({ description: 'The `nextCursor` of the page before; leave it out to read from the oldest event kept.' }),
  type: blankAsAbsent(commaSeparated(EVENT_TYPE_NAMES as [EventType, ...EventType[]])).meta({ description: `Only events of these types, comma-separated: ${EVENT_TYPE_NAMES.join(', ')}.` }),
  limit: z.coerce.number().int().min(1).max(500).default(100).meta({ description: 'Events on the page.' }),
});
