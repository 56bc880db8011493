import { z } from 'zod';
import { amountSchema } from '../domain/amount-schema.ts';
import { parseCidr } from '../../../common/ip-address.ts';
import { DEFAULT_ROLL_OVERLAP_HOURS, MAX_ALLOWED_IPS, MAX_API_KEY_NAME_LENGTH, MAX_ROLL_OVERLAP_HOURS } from '../../../common/limits.ts';
import { SCOPES } from './permissions.ts';

const limitAmount = amountSchema.nullable().optional();

export const apiKeyLimitsSchema = z.object({ perRewardCap: limitAmount, dailyTotal: limitAmount }).strict();

export const newApiKeySchema = z
  .object({
    name: z.string({ error: 'a name is required' }).trim().min(1, 'a name is required').max(MAX_API_KEY_NAME_LENGTH, `must be at most ${MAX_API_KEY_NAME_LENGTH} characters`),
    scopes: z
      .array(z.enum(SCOPES, { error: `must be one of ${SCOPES.join(', ')}` }), { error: 'at least one scope is required' })
      .min(1, 'at least one scope is required')
      .transform((scopes) => [...new Set(scopes)]),
    expiresAt: z.iso.datetime({ offset: true, error: 'must be a date and time such as 2027-01-31T00:00:00Z' }).optional(),
    allowedIps: z
      .array(z.string().max(60).refine((cidr) => parseCidr(cidr) !== null, 'must be an IP address or a CIDR such as 203.0.113.0/24'))
      .max(MAX_ALLOWED_IPS, `at most ${MAX_ALLOWED_IPS} entries`)
      .optional(),
    limits: apiKeyLimitsSchema.optional(),
  })
  .strict();

export type NewApiKey = z.output<typeof newApiKeySchema>;

export const rollApiKeySchema = z
  .object({
    overlapHours: z
      .number({ error: 'must be a number of hours' })
      .int('must be a whole number of hours')
      .min(0, 'must be 0 or more')
      .max(MAX_ROLL_OVERLAP_HOURS, `must be at most ${MAX_ROLL_OVERLAP_HOURS} (30 days)`)
      .default(DEFAULT_ROLL_OVERLAP_HOURS),
  })
  .strict();
