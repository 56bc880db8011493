import { Hono } from 'hono';
import { z } from 'zod';
import { auditContext } from '../guards/request-origin.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { Clock } from '../clock.ts';
import type { AppEnv } from '../http/app-env.ts';
import { exportFileName } from '../http/export-file-name.ts';
import { NDJSON_CONTENT_TYPE, ndjsonLines, progressEvents } from '../http/ndjson.ts';
import { readableText } from '../http/text-stream.ts';
import { validate } from '../http/validate.ts';
import { distinctIds, pathIdSchema } from '../platform/ids.ts';
import type { Database } from '../store/database.ts';
import type { PaymentActions } from './payment-actions.ts';
import { paymentsCsv } from './payment-csv.ts';
import { paymentFiltersSchema, paymentPageSchema } from './payment-filters.ts';
import { MAX_IMPORT_IDS, type PaymentImporter } from './payment-import.ts';
import { lookUpPayment, type LookupDeps } from './payment-lookup.ts';
import { queryPayments } from './payment-query.ts';

export interface PaymentRoutesDeps {
  db: Database;
  clock: Clock;
  audit: AuditLog;
  lookup: LookupDeps;
  actions: PaymentActions;
  importer: PaymentImporter;
}

const idParam = z.object({ id: pathIdSchema });
const exportSchema = paymentFiltersSchema.extend({ sort: paymentPageSchema.shape.sort, order: paymentPageSchema.shape.order });
const cancelSchema = z.object({ reason: z.string({ error: 'a reason is required' }).trim().min(1, 'a reason is required').max(500) });
const importSchema = z.object({ ids: z.array(z.string().max(200)).min(1, 'no ids given').max(MAX_IMPORT_IDS, `at most ${MAX_IMPORT_IDS} ids at once`) });

export function paymentRoutes(deps: PaymentRoutesDeps) {
  const { db, clock, audit, lookup, actions, importer } = deps;
  return new Hono<AppEnv>()
    .get('/payments', requireAccess('payments:read', audit), validate('query', paymentPageSchema), async (c) => c.json(await queryPayments(db, clock, c.req.valid('query'))))
    .get('/payments/export.csv', requireAccess('payments:read', audit), validate('query', exportSchema), async (c) => {
      const query = c.req.valid('query');
      const filtered = Object.entries(query).some(([key, value]) => key !== 'sort' && key !== 'order' && value !== undefined);
      await audit.append({ ...auditContext(c), action: 'payments.export', target: null, outcome: 'ok', details: { query } });
      return c.body(readableText(paymentsCsv(db, clock, query)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName('payments', filtered, clock.now())}"`,
      });
    })
    .post('/payments/import', requireAccess('payments:read', audit), validate('json', importSchema), async (c) => {
      const { ids } = c.req.valid('json');
      await audit.append({ ...auditContext(c), action: 'payments.import', target: null, outcome: 'ok', details: { count: ids.length } });
      const events = progressEvents(distinctIds(ids).length, importer.run(ids, 'import'));
      return c.body(readableText(ndjsonLines(events)), 200, { 'Content-Type': NDJSON_CONTENT_TYPE });
    })
    .get('/payments/:id', requireAccess('payments:read', audit), validate('param', idParam), async (c) =>
      c.json(await lookUpPayment(lookup, c.req.valid('param').id)),
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
