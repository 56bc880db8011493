import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditContext } from '../guards/request-origin.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { NDJSON_CONTENT_TYPE, ndjsonLines, progressEvents } from '../http/ndjson.ts';
import { streamText } from '../http/text-stream.ts';
import { validate } from '../http/validate.ts';
import { pathIdSchema } from '../platform/ids.ts';
import type { IncompleteService } from './incomplete-service.ts';

/** What is left out never moves money: a dry run unless `dryRun` is false, a cancel unless `unpaid` says pay. */
const clearSchema = z.object({
  dryRun: z.boolean().default(true),
  /** Without ids: every listed payment. */
  ids: z.array(pathIdSchema).min(1, 'give at least one id, or leave ids out to clear every listed payment').max(1_000).optional(),
  /** Where the plan says "submit and complete": pay, or cancel instead (the default). */
  unpaid: z.enum(['submit_and_complete', 'cancel']).default('cancel'),
});

export function incompleteRoutes({ audit, incomplete }: { audit: AuditLog; incomplete: IncompleteService }) {
  return new Hono<AppEnv>()
    .get('/incomplete', requireAccess('incomplete:read', audit), async (c) => c.json({ items: await incomplete.plan() }))
    .post('/incomplete/clear', requireAccess('incomplete:clear', audit, { stepUp: 'unless-dry-run' }), validate('json', clearSchema), async (c) => {
      const { dryRun, ids, unpaid } = c.req.valid('json');
      if (dryRun) return c.json({ dryRun: true as const, items: await incomplete.plan(ids) });
      const clearing = await incomplete.startClearing(ids, auditContext(c), unpaid);
      const events = progressEvents(clearing.total, clearing.results);
      return streamText(c, ndjsonLines(events), { 'Content-Type': NDJSON_CONTENT_TYPE });
    });
}
