import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_BATCH_AD_IDS } from '../../../common/limits.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditContext } from '../guards/request-origin.ts';
import { currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { NDJSON_CONTENT_TYPE, ndjsonLines, progressEvents } from '../http/ndjson.ts';
import { instantParam } from '../http/instant-param.ts';
import { blankAsAbsent } from '../http/query-params.ts';
import { streamText } from '../http/text-stream.ts';
import { validate } from '../http/validate.ts';
import { pathIdSchema } from '../platform/ids.ts';
import type { AdChecks } from './ad-checks.ts';

const adParam = z.object({ adId: pathIdSchema });
const batchSchema = z.object({ adIds: z.array(z.string().max(200)).min(1, 'no ad ids given').max(MAX_BATCH_AD_IDS, `at most ${MAX_BATCH_AD_IDS} ad ids at once`) });
const historySchema = z.object({
  adId: blankAsAbsent(z.string().max(64)),
  reward: blankAsAbsent(z.enum(['yes', 'no']).transform((value) => value === 'yes')),
  result: blankAsAbsent(z.enum(['ok', 'not_found', 'error'])),
  from: blankAsAbsent(instantParam),
  to: blankAsAbsent(instantParam),
  cursor: blankAsAbsent(z.string().regex(/^\d{1,18}$/, 'not a cursor of this list').transform(Number)),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export function adRoutes({ audit, ads }: { audit: AuditLog; ads: AdChecks }) {
  return new Hono<AppEnv>()
    .get('/ads/checks', requireAccess('ads:read', audit), validate('query', historySchema), async (c) => {
      const { cursor, limit, ...filters } = c.req.valid('query');
      return c.json(await ads.history(filters, { cursor, limit }));
    })
    .post('/ads/check', requireAccess('ads:check', audit), validate('json', batchSchema), async (c) => {
      const batch = await ads.checkBatch(c.req.valid('json').adIds, auditContext(c));
      const events = progressEvents(batch.total, batch.results);
      return streamText(c, ndjsonLines(events), { 'Content-Type': NDJSON_CONTENT_TYPE });
    })
    .get('/ads/:adId', requireAccess('ads:read', audit), validate('param', adParam), async (c) => {
      const check = await ads.check(c.req.valid('param').adId, currentStaff(c).email);
      return c.json({ check });
    });
}
