import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { rejectSchema } from '../rewards/rejection.ts';
import { refusal } from '../domain/refusal.ts';
import { auditContext } from '../guards/request-origin.ts';
import { currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { exportFileName } from '../http/export-file-name.ts';
import { instantOrDateParam } from '../http/instant-param.ts';
import { blankAsAbsent, commaSeparated } from '../http/query-params.ts';
import { streamText } from '../http/text-stream.ts';
import { validate } from '../http/validate.ts';
import { REWARD_BATCH_STATES } from '../store/schema.ts';
import type { BatchList, BatchListFilters } from './batch-list.ts';
import { BATCH_ROW_FACETS } from './batch-row-facets.ts';
import type { BatchService } from './batch-service.ts';

export const BATCH_UPLOAD_PATH = '/api/rewards/batches';

const idParam = z.object({ id: z.uuid('is not a batch id') });
const uploadQuery = z.object({ name: blankAsAbsent(z.string().max(200)) });
const resultsQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1_000).default(100),
  facet: blankAsAbsent(z.enum(BATCH_ROW_FACETS)),
});
const listFilters = z.object({
  state: blankAsAbsent(commaSeparated(REWARD_BATCH_STATES)),
  requester: blankAsAbsent(z.string().max(254)),
  from: blankAsAbsent(instantOrDateParam),
  to: blankAsAbsent(instantOrDateParam),
});
const toAfterFrom = ({ from, to }: BatchListFilters) => !from || !to || from < to;
const toAfterFromProblem = { path: ['to'], message: 'must be later than from' };
const filtersQuery = listFilters.refine(toAfterFrom, toAfterFromProblem);
const listQuery = listFilters
  .extend({ cursor: blankAsAbsent(z.string().max(300)), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .refine(toAfterFrom, toAfterFromProblem);

export function batchRoutes({ audit, batches, list }: { audit: AuditLog; batches: BatchService; list: BatchList }) {
  return new Hono<AppEnv>()
    // Before /rewards/batches/:id, which would read "export.csv" as an id.
    .get('/rewards/batches', requireAccess('rewards:read', audit), validate('query', listQuery), async (c) => c.json(await list.page(c.req.valid('query'))))
    .get('/rewards/batches/export.csv', requireAccess('rewards:read', audit), validate('query', filtersQuery), async (c) => {
      const filters = c.req.valid('query');
      const { csv, takenAt } = list.exportCsv(filters, auditContext(c));
      return streamText(c, csv, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName('reward-batches', Object.values(filters).some((value) => value !== undefined), takenAt)}"`,
      });
    })
    .post('/rewards/batches', requireAccess('rewards:pay', audit), validate('query', uploadQuery), async (c) => {
      if (!/^text\/csv\b/i.test(c.req.header('content-type') ?? '')) throw refusal('invalid_input', 'not_csv', 'Send the CSV file itself as the body, with Content-Type: text/csv.');
      return c.json(await batches.upload(c.req.raw.body, { fileName: c.req.valid('query').name ?? null, staffId: currentStaff(c).id, origin: auditContext(c) }), 201);
    })
    .get('/rewards/batches/:id', requireAccess('rewards:read', audit), validate('param', idParam), async (c) => c.json(await batches.get(c.req.valid('param').id)))
    .get('/rewards/batches/:id/rows', requireAccess('rewards:read', audit), validate('param', idParam), validate('query', resultsQuery), async (c) => {
      const { after, limit, facet } = c.req.valid('query');
      return c.json(await batches.results(c.req.valid('param').id, { afterLine: after, limit, facet: facet ?? null }));
    })
    .get('/rewards/batches/:id/results.csv', requireAccess('rewards:read', audit), validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      const csv = await batches.resultsCsv(id, auditContext(c));
      return streamText(c, csv, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="reward-batch-${id}-results.csv"` });
    })
    .post('/rewards/batches/:id/start', requireAccess('rewards:pay', audit, { stepUp: 'always' }), validate('param', idParam), async (c) =>
      c.json({ batch: await batches.start(c.req.valid('param').id, auditContext(c)) }),
    )
    .post('/rewards/batches/:id/approve', requireAccess('rewards:approve', audit, { stepUp: 'always' }), validate('param', idParam), async (c) =>
      c.json({ batch: await batches.approve(c.req.valid('param').id, currentStaff(c).id, auditContext(c)) }),
    )
    .post('/rewards/batches/:id/reject', requireAccess('rewards:approve', audit), validate('param', idParam), validate('json', rejectSchema), async (c) =>
      c.json({ batch: await batches.reject({ id: c.req.valid('param').id, staffId: currentStaff(c).id, reason: c.req.valid('json').reason, origin: auditContext(c) }) }),
    )
    .post('/rewards/batches/:id/pause', requireAccess('rewards:pay', audit), validate('param', idParam), async (c) => c.json({ batch: await batches.pause(c.req.valid('param').id, auditContext(c)) }))
    .post('/rewards/batches/:id/resume', requireAccess('rewards:pay', audit, { stepUp: 'always' }), validate('param', idParam), async (c) => c.json({ batch: await batches.resume(c.req.valid('param').id, auditContext(c)) }))
    .post('/rewards/batches/:id/cancel', requireAccess('rewards:pay', audit), validate('param', idParam), async (c) =>
      c.json({ batch: await batches.cancel(c.req.valid('param').id, currentStaff(c).id, auditContext(c)) }),
    )
    .post('/rewards/batches/:id/retry-failed', requireAccess('rewards:pay', audit, { stepUp: 'always' }), validate('param', idParam), async (c) =>
      c.json(await batches.retryFailed(c.req.valid('param').id, currentStaff(c).id, auditContext(c)), 201),
    );
}
