import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditContext } from '../guards/request-origin.ts';
import { currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { exportFileName } from '../http/export-file-name.ts';
import { instantOrDateParam } from '../http/instant-param.ts';
import { blankAsAbsent } from '../http/query-params.ts';
import { streamText } from '../http/text-stream.ts';
import { validate } from '../http/validate.ts';
import { EXCEPTION_KINDS, EXCEPTION_STATES } from '../store/schema.ts';
import type { ExceptionQueue } from './exception-queue.ts';
import type { ReconciliationSchedule } from './reconciliation-schedule.ts';
import type { RollForwardReport } from './roll-forward.ts';

const idParam = z.object({ id: z.uuid('is not an exception id') });
const listOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values, { error: `must be among ${values.join(', ')}` })).min(1));
const filtersSchema = z.object({ kind: blankAsAbsent(listOf(EXCEPTION_KINDS)), state: blankAsAbsent(listOf(EXCEPTION_STATES)) });
const listSchema = filtersSchema.extend({
  cursor: blankAsAbsent(z.string().max(300)),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const periodSchema = z.object({ from: blankAsAbsent(instantOrDateParam), to: blankAsAbsent(instantOrDateParam) });
const acknowledgeSchema = z.strictObject({ note: z.string().trim().min(1, 'must say why').max(2_000) });
const resolveSchema = z.strictObject({ note: z.string().trim().min(1).max(2_000).optional() });

/** Reconciliation: everyone reads the exceptions and the roll-forward; ops and admins run it and work the exceptions. */
export function reconciliationRoutes({ audit, schedule, exceptions, rollForward }: { audit: AuditLog; schedule: ReconciliationSchedule; exceptions: ExceptionQueue; rollForward: RollForwardReport }) {
  return new Hono<AppEnv>()
    .post('/reconciliation/run', requireAccess('reconciliation:act', audit), async (c) => {
      const result = await schedule.runNow();
      await audit.append({ ...auditContext(c), action: 'reconciliation.run', target: null, outcome: 'ok', details: { ...result } });
      return c.json(result);
    })
    .get('/reconciliation/summary', requireAccess('reconciliation:read', audit), validate('query', periodSchema), async (c) => c.json(await rollForward.over(c.req.valid('query'))))
    .get('/reconciliation/exceptions', requireAccess('reconciliation:read', audit), validate('query', listSchema), async (c) => c.json(await exceptions.list(c.req.valid('query'))))
    .get('/reconciliation/exceptions/export.csv', requireAccess('reconciliation:read', audit), validate('query', filtersSchema), async (c) => {
      const filters = c.req.valid('query');
      const { csv, takenAt } = exceptions.exportCsv(filters, auditContext(c));
      return streamText(c, csv, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName('reconciliation-exceptions', Object.values(filters).some((value) => value !== undefined), takenAt)}"`,
      });
    })
    .post('/reconciliation/exceptions/:id/acknowledge', requireAccess('reconciliation:act', audit), validate('param', idParam), validate('json', acknowledgeSchema), async (c) =>
      c.json({ exception: await exceptions.acknowledge(c.req.valid('param').id, c.req.valid('json').note, currentStaff(c).id, auditContext(c)) }),
    )
    .post('/reconciliation/exceptions/:id/complete-payment', requireAccess('reconciliation:act', audit), validate('param', idParam), async (c) =>
      c.json(await exceptions.completePayment(c.req.valid('param').id, currentStaff(c).id, auditContext(c))),
    )
    .post('/reconciliation/exceptions/:id/resolve', requireAccess('reconciliation:act', audit), validate('param', idParam), validate('json', resolveSchema), async (c) =>
      c.json({ exception: await exceptions.resolve(c.req.valid('param').id, c.req.valid('json').note, currentStaff(c).id, auditContext(c)) }),
    );
}
