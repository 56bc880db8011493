import { Hono } from 'hono';
import { z } from 'zod';
import { isDecimalAmount } from '../../../common/amount.ts';
import { MAX_IMPORT_IDS } from '../../../common/limits.ts';
import { PAYMENT_STATES } from '../../../common/payment-states.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditContext } from '../guards/request-origin.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { exportFileName } from '../http/export-file-name.ts';
import { NDJSON_CONTENT_TYPE, ndjsonLines, progressEvents } from '../http/ndjson.ts';
import { instantParam } from '../http/instant-param.ts';
import { blankAsAbsent } from '../http/query-params.ts';
import { streamText } from '../http/text-stream.ts';
import { validate } from '../http/validate.ts';
import { pathIdSchema } from '../platform/ids.ts';
import type { PaymentActions } from './payment-actions.ts';
import { PAYMENT_SORTS, type PaymentFilters, type PaymentPageQuery } from './payment-filters.ts';
import type { PaymentImporter } from './payment-import.ts';
import type { PaymentQueries } from './payment-queries.ts';

export interface PaymentRoutesDeps {
  audit: AuditLog;
  queries: PaymentQueries;
  actions: PaymentActions;
  importer: PaymentImporter;
}

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const decimal = z.string().refine(isDecimalAmount, 'must be a decimal amount with at most 7 places');
const commaSeparated = z.string().transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean));

/** Filters of the payments index, as query parameters. */
export const paymentFiltersSchema = z.object({
  state: blankAsAbsent(commaSeparated.pipe(z.array(z.enum(PAYMENT_STATES)).min(1))).meta({ description: `Only payments in these states, comma-separated: ${PAYMENT_STATES.join(', ')}.` }),
  direction: blankAsAbsent(z.enum(['user_to_app', 'app_to_user'])).meta({ description: '`user_to_app` or `app_to_user`.' }),
  developer_approved: blankAsAbsent(flag).meta({ description: 'Only payments with this flag `true` or `false`.' }),
  transaction_verified: blankAsAbsent(flag).meta({ description: 'Only payments with this flag `true` or `false`.' }),
  developer_completed: blankAsAbsent(flag).meta({ description: 'Only payments with this flag `true` or `false`.' }),
  cancelled: blankAsAbsent(flag).meta({ description: 'Only payments with this flag `true` or `false`.' }),
  user_cancelled: blankAsAbsent(flag).meta({ description: 'Only payments with this flag `true` or `false`.' }),
  uid: blankAsAbsent(z.string().max(200)).meta({ description: "Only the payments of this user (the platform's uid)." }),
  txid: blankAsAbsent(z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters').transform((value) => value.toLowerCase())).meta({ description: 'Only the payment of this blockchain transaction.' }),
  amountMin: blankAsAbsent(decimal).meta({ description: 'Only payments of at least this amount (a decimal string).' }),
  amountMax: blankAsAbsent(decimal).meta({ description: 'Only payments of at most this amount (a decimal string).' }),
  from: blankAsAbsent(instantParam).meta({ description: 'Only payments created at or after this ISO 8601 date-time (with an offset).' }),
  to: blankAsAbsent(instantParam).meta({ description: 'Only payments created before this ISO 8601 date-time (with an offset).' }),
  network: blankAsAbsent(z.string().max(100)).meta({ description: 'Only payments on this network.' }),
  q: blankAsAbsent(z.string().min(3, 'search text needs at least 3 characters').max(200)).meta({ description: "Search text (3 to 200 characters): part of a payment's id, txid, memo or metadata." }),
  staleMinutes: blankAsAbsent(z.string().regex(/^\d{1,6}$/, 'must be a number of minutes').transform(Number).pipe(z.number().int().min(1).max(525_600))).meta({
    description: 'Only payments that can still move but have not for this many minutes.',
  }),
}) satisfies z.ZodType<PaymentFilters>;

export const paymentPageSchema = paymentFiltersSchema.extend({
  sort: z.enum(PAYMENT_SORTS).default('created').meta({ description: 'What the page is ordered by: `created`, `amount` or `synced` (when the console last read it).' }),
  order: z.enum(['asc', 'desc']).default('desc').meta({ description: '`desc`: newest or largest first; `asc`: the other way.' }),
  cursor: blankAsAbsent(z.string().max(500)).meta({ description: 'The `nextCursor` of the page before, in the same order; leave it out for the first page.' }),
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: 'Payments on the page.' }),
}) satisfies z.ZodType<PaymentPageQuery>;

const idParam = z.object({ id: pathIdSchema });
const exportSchema = paymentFiltersSchema.extend({ sort: paymentPageSchema.shape.sort, order: paymentPageSchema.shape.order });
const cancelSchema = z.object({
  reason: z
    .string({ error: (issue) => (issue.input === undefined ? 'a reason is required' : 'must be text') })
    .trim()
    .min(1, 'a reason is required')
    .max(500, 'must be at most 500 characters'),
});
const importSchema = z.object({ ids: z.array(z.string().max(200)).min(1, 'no ids given').max(MAX_IMPORT_IDS, `at most ${MAX_IMPORT_IDS} ids at once`) });

export function paymentRoutes({ audit, queries, actions, importer }: PaymentRoutesDeps) {
  return new Hono<AppEnv>()
    .get('/payments', requireAccess('payments:read', audit), validate('query', paymentPageSchema), async (c) => c.json(await queries.page(c.req.valid('query'))))
    .get('/payments/facets', requireAccess('payments:read', audit), validate('query', paymentFiltersSchema), async (c) => c.json(await queries.facets(c.req.valid('query'))))
    .get('/payments/export.csv', requireAccess('payments:read', audit), validate('query', exportSchema), async (c) => {
      const query = c.req.valid('query');
      const filtered = Object.entries(query).some(([key, value]) => key !== 'sort' && key !== 'order' && value !== undefined);
      const { csv, takenAt } = queries.exportCsv(query, auditContext(c));
      return streamText(c, csv, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName('payments', filtered, takenAt)}"`,
      });
    })
    .post('/payments/import', requireAccess('payments:read', audit), validate('json', importSchema), async (c) => {
      const run = await importer.startImport(c.req.valid('json').ids, auditContext(c));
      const events = progressEvents(run.total, run.results);
      return streamText(c, ndjsonLines(events), { 'Content-Type': NDJSON_CONTENT_TYPE });
    })
    .get('/payments/:id', requireAccess('payments:read', audit), validate('param', idParam), async (c) => c.json(await queries.lookUp(c.req.valid('param').id)))
    .get('/payments/:id/ledger-time', requireAccess('payments:read', audit), validate('param', idParam), async (c) =>
      c.json(await queries.ledgerTime(c.req.valid('param').id)),
    )
    .post('/payments/:id/cancel', requireAccess('payments:act', audit), validate('param', idParam), validate('json', cancelSchema), async (c) => {
      const payment = await actions.cancel(c.req.valid('param').id, c.req.valid('json').reason, auditContext(c));
      return c.json({ payment });
    })
    .post('/payments/:id/complete', requireAccess('payments:act', audit), validate('param', idParam), async (c) => {
      const payment = await actions.complete(c.req.valid('param').id, auditContext(c));
      return c.json({ payment });
    });
}
