import { Hono } from 'hono';
import { z } from 'zod';
import { auditContext } from '../guards/request-origin.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { rejectSchema } from './rejection.ts';
import { currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { exportFileName } from '../http/export-file-name.ts';
import { blankAsAbsent } from '../http/query-params.ts';
import { streamText } from '../http/text-stream.ts';
import { validate } from '../http/validate.ts';
import type { LookAlikes } from './look-alikes.ts';
import { idempotencyKeySchema, newRewardSchema, rewardIdParamSchema } from './reward-input.ts';
import { rewardFiltersSchema, rewardListSchema } from './reward-list-request.ts';
import type { RewardService } from './reward-service.ts';

const lookAlikeSchema = newRewardSchema.pick({ uid: true, amount: true, memo: true }).extend({ except: blankAsAbsent(z.uuid('is not a reward id')) });

export function rewardRoutes({ audit, rewards, lookAlikes }: { audit: AuditLog; rewards: RewardService; lookAlikes: LookAlikes }) {
  return new Hono<AppEnv>()
    .post('/rewards', requireAccess('rewards:pay', audit, { stepUp: 'always' }), validate('header', idempotencyKeySchema), validate('json', newRewardSchema), async (c) => {
      const { confirmLookAlike, ...wanted } = c.req.valid('json');
      const { reward, created } = await rewards.request({ idempotencyKey: c.req.valid('header')['idempotency-key'], reward: wanted, confirmLookAlike, requestedBy: currentStaff(c).id, origin: auditContext(c) });
      const similarTo = (await lookAlikes.find([{ key: 0, ...wanted }], { rewardId: reward.id })).get(0) ?? null;
      return c.json({ reward, similarTo }, created ? 201 : 200);
    })
    // Asked by the pay form before the manager confirms, and before an approver approves (`except`: the reward approved): an earlier reward like this one, if any.
    .get('/rewards/look-alike', requireAccess('rewards:pay', audit), validate('query', lookAlikeSchema), async (c) => {
      const { except, ...wanted } = c.req.valid('query');
      return c.json({ similarTo: (await lookAlikes.find([{ key: 0, ...wanted }], except ? { rewardId: except } : {})).get(0) ?? null });
    })
    .get('/rewards', requireAccess('rewards:read', audit), validate('query', rewardListSchema), async (c) => c.json(await rewards.list(c.req.valid('query'))))
    .get('/rewards/export.csv', requireAccess('rewards:read', audit), validate('query', rewardFiltersSchema), async (c) => {
      const filters = c.req.valid('query');
      const filtered = Object.values(filters).some((value) => value !== undefined);
      const { csv, takenAt } = rewards.exportCsv(filters, auditContext(c));
      return streamText(c, csv, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName('rewards', filtered, takenAt)}"`,
      });
    })
    .get('/rewards/:id', requireAccess('rewards:read', audit), validate('param', rewardIdParamSchema), async (c) => c.json(await rewards.get(c.req.valid('param').id)))
    .post('/rewards/:id/retry', requireAccess('rewards:pay', audit, { stepUp: 'always' }), validate('param', rewardIdParamSchema), async (c) =>
      c.json({ reward: await rewards.retry(c.req.valid('param').id, auditContext(c)) }),
    )
    .post('/rewards/:id/approve', requireAccess('rewards:approve', audit, { stepUp: 'always' }), validate('param', rewardIdParamSchema), async (c) =>
      c.json({ reward: await rewards.approve(c.req.valid('param').id, currentStaff(c).id, auditContext(c)) }),
    )
    .post('/rewards/:id/reject', requireAccess('rewards:approve', audit), validate('param', rewardIdParamSchema), validate('json', rejectSchema), async (c) =>
      c.json({ reward: await rewards.reject({ id: c.req.valid('param').id, staffId: currentStaff(c).id, reason: c.req.valid('json').reason, origin: auditContext(c) }) }),
    )
    .post('/rewards/:id/cancel', requireAccess('rewards:pay', audit), validate('param', rewardIdParamSchema), async (c) =>
      c.json({ reward: await rewards.cancel(c.req.valid('param').id, currentStaff(c).id, auditContext(c)) }),
    );
}
