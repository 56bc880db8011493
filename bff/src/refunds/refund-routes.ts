import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditContext } from '../guards/request-origin.ts';
import { currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../http/validate.ts';
import { pathIdSchema } from '../platform/ids.ts';
import { idempotencyKeySchema } from '../rewards/reward-input.ts';
import { newRefundSchema } from './refund-input.ts';
import type { RefundService } from './refund-service.ts';

const paymentParam = z.object({ id: pathIdSchema });

/** Staff refund a payment from its page and from its payer's page. */
export function refundRoutes({ audit, refunds }: { audit: AuditLog; refunds: RefundService }) {
  return new Hono<AppEnv>()
    .get('/payments/:id/refunds', requireAccess('rewards:read', audit), validate('param', paymentParam), async (c) => c.json(await refunds.ofPayment(c.req.valid('param').id)))
    .post('/payments/:id/refunds', requireAccess('refunds:pay', audit, { stepUp: 'always' }), validate('param', paymentParam), validate('header', idempotencyKeySchema), validate('json', newRefundSchema), async (c) => {
      const { refund, created } = await refunds.refund({
        paymentId: c.req.valid('param').id,
        ...c.req.valid('json'),
        idempotencyKey: c.req.valid('header')['idempotency-key'],
        requestedBy: currentStaff(c).id,
        origin: auditContext(c),
      });
      return c.json({ refund }, created ? 201 : 200);
    });
}
