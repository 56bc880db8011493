import { z } from 'zod';
import { blankAsAbsent } from '../http/query-params.ts';
import { isDecimalAmount } from '../platform/amount.ts';
import { PAYMENT_STATES } from './payment-state.ts';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const decimal = z.string().refine(isDecimalAmount, 'must be a decimal amount with at most 7 places');
const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' }).transform((value) => new Date(value));
const commaSeparated = z.string().transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean));

export const PAYMENT_SORTS = ['created', 'amount', 'synced'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

/** Filters of the payments index, as query parameters. Every view of the Payments page is one of these. */
export const paymentFiltersSchema = z.object({
  state: blankAsAbsent(commaSeparated.pipe(z.array(z.enum(PAYMENT_STATES)).min(1))),
  direction: blankAsAbsent(z.enum(['user_to_app', 'app_to_user'])),
  developer_approved: blankAsAbsent(flag),
  transaction_verified: blankAsAbsent(flag),
  developer_completed: blankAsAbsent(flag),
  cancelled: blankAsAbsent(flag),
  user_cancelled: blankAsAbsent(flag),
  uid: blankAsAbsent(z.string().max(200)),
  txid: blankAsAbsent(z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters').transform((value) => value.toLowerCase())),
  amountMin: blankAsAbsent(decimal),
  amountMax: blankAsAbsent(decimal),
  from: blankAsAbsent(instant),
  /** Exclusive, as on every other page: `from` ≤ created < `to`. */
  to: blankAsAbsent(instant),
  network: blankAsAbsent(z.string().max(100)),
  q: blankAsAbsent(z.string().min(3, 'search text needs at least 3 characters').max(200)),
  /** Payments that can still move but have not for this many minutes (e.g. approved, no transaction, for 10 minutes). */
  staleMinutes: blankAsAbsent(z.string().regex(/^\d{1,6}$/, 'must be a number of minutes').transform(Number).pipe(z.number().int().min(1).max(525_600))),
});
export type PaymentFilters = z.output<typeof paymentFiltersSchema>;

export const paymentPageSchema = paymentFiltersSchema.extend({
  sort: z.enum(PAYMENT_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
  cursor: blankAsAbsent(z.string().max(500)),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PaymentPageQuery = z.output<typeof paymentPageSchema>;
