import { z } from 'zod';
import { EVENT_TYPE_NAMES } from '../events/event-types.ts';

const MAX_URL_LENGTH = 2_000;
const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_OVERLAP_HOURS = 168;
export const DEFAULT_OVERLAP_HOURS = 24;

const url = z.string({ error: 'a URL is required' }).trim().min(1, 'a URL is required').max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`);
const events = z
  .array(z.enum(EVENT_TYPE_NAMES, { error: `must be one of ${EVENT_TYPE_NAMES.join(', ')}` }), { error: 'must be a list of event types' })
  .min(1, 'at least one event type is required')
  .transform((types) => [...new Set(types)]);
const description = z.string().trim().max(MAX_DESCRIPTION_LENGTH, `must be at most ${MAX_DESCRIPTION_LENGTH} characters`).nullable();

export const newEndpointSchema = z.object({ url, events, description: description.optional() }).strict();
export type NewEndpoint = z.output<typeof newEndpointSchema>;

export const endpointChangeSchema = z
  .object({ url: url.optional(), events: events.optional(), enabled: z.boolean({ error: 'must be true or false' }).optional(), description: description.optional() })
  .strict();
export type EndpointChange = z.output<typeof endpointChangeSchema>;

export const rotateSecretSchema = z
  .object({
    overlapHours: z
      .number({ error: 'must be a number of hours' })
      .int('must be a whole number of hours')
      .min(0, 'must be 0 or more')
      .max(MAX_OVERLAP_HOURS, `must be at most ${MAX_OVERLAP_HOURS} (7 days)`)
      .default(DEFAULT_OVERLAP_HOURS),
  })
  .strict();

const instant = z.iso
  .datetime({ offset: true, error: 'must be a date and time such as 2027-01-31T00:00:00Z' })
  .transform((value) => new Date(value));

export const resendFailedSchema = z
  .object({ from: instant, to: instant })
  .strict()
  .refine((range) => range.from < range.to, { message: 'must be after from', path: ['to'] });
