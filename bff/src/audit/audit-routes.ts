import { Hono } from 'hono';
import { z } from 'zod';
import { auditContext } from '../guards/request-origin.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { exportFileName } from '../http/export-file-name.ts';
import { instantOrDateParam } from '../http/instant-param.ts';
import { blankAsAbsent } from '../http/query-params.ts';
import { streamText } from '../http/text-stream.ts';
import { validate } from '../http/validate.ts';
import type { AuditOutcome } from './audit-entry.ts';
import type { AuditLog } from './audit-log.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type AuditFilters } from './audit-query.ts';
import type { AuditService } from './audit-service.ts';

const outcomes = { ok: 'ok', denied: 'denied', refused: 'refused', failed: 'failed', unknown: 'unknown' } as const satisfies Record<AuditOutcome, AuditOutcome>;


const filtersSchema = z.object({
  actor: blankAsAbsent(z.string().max(254)),
  action: blankAsAbsent(z.string().max(500)),
  target: blankAsAbsent(z.string().max(300)),
  outcome: blankAsAbsent(z.enum(outcomes)),
  from: blankAsAbsent(instantOrDateParam),
  to: blankAsAbsent(instantOrDateParam),
});

const listSchema = filtersSchema.extend({
  // Read by the query, which answers 400 to a cursor it did not make.
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

const isFiltered = (filters: AuditFilters) => Object.values(filters).some((value) => value !== undefined);

export function auditRoutes({ audit, auditService }: { audit: AuditLog; auditService: AuditService }) {
  return new Hono<AppEnv>()
    .get('/audit', requireAccess('audit:read', audit), validate('query', listSchema), async (c) => {
      const { cursor, limit, ...filters } = c.req.valid('query');
      return c.json(await auditService.query(filters, { cursor, limit }));
    })
    .get('/audit/export.csv', requireAccess('audit:read', audit), validate('query', filtersSchema), async (c) => {
      const filters = c.req.valid('query');
      const csv = auditService.exportCsv(filters, auditContext(c));
      return streamText(c, csv, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName('audit', isFiltered(filters), new Date())}"`,
      });
    })
    .get('/audit/verify', requireAccess('audit:verify', audit), async (c) => c.json(await auditService.verify(auditContext(c))));
}
