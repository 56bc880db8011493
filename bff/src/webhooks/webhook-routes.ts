import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import type { AuditedSetting } from '../audit/audited-setting.ts';
import { auditContext } from '../guards/request-origin.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { instantParam } from '../http/instant-param.ts';
import { blankAsAbsent } from '../http/query-params.ts';
import { validate } from '../http/validate.ts';
import type { DeliveryActions } from './delivery-actions.ts';
import type { DeliveryLog } from './delivery-log.ts';
import { endpointChangeSchema, newEndpointSchema, resendFailedSchema, rotateSecretSchema } from './webhook-input.ts';
import type { WebhookEndpoints } from './webhook-endpoints.ts';
import { webhookSettingsSchema, type WebhookSettings } from './webhook-settings.ts';

const endpointParam = z.object({ id: z.uuid('is not a webhook endpoint id') });
const deliveryParam = z.object({ id: z.uuid('is not a webhook delivery id') });
const eventParam = z.object({ eventId: z.string().regex(/^evt_[0-9a-f]{32}$/, 'is not an event id') });
const deliveryFilters = z.object({
  status: blankAsAbsent(z.enum(['pending', 'delivered', 'failed'], { error: 'must be pending, delivered or failed' })),
  type: blankAsAbsent(z.string().max(100)),
  from: blankAsAbsent(instantParam),
  to: blankAsAbsent(instantParam),
  cursor: blankAsAbsent(z.string().max(300)),
});

export interface WebhookRoutesDeps {
  audit: AuditLog;
  endpoints: WebhookEndpoints;
  actions: DeliveryActions;
  log: DeliveryLog;
  settings: AuditedSetting<WebhookSettings>;
}

/**
 * Admins manage webhook endpoints and read their delivery log. A secret is in the answer that makes it
 * (create, rotate-secret, both behind a step-up) and nowhere else.
 */
export function webhookRoutes({ audit, endpoints, actions, log, settings }: WebhookRoutesDeps) {
  const manage = requireAccess('webhooks:manage', audit);
  // A new secret is a credential: the admin proves a second factor again, as for an API key.
  const manageWithStepUp = requireAccess('webhooks:manage', audit, { stepUp: 'always' });
  return new Hono<AppEnv>()
    .get('/webhook-endpoints', manage, async (c) => c.json({ endpoints: await endpoints.list() }))
    .post('/webhook-endpoints', manageWithStepUp, validate('json', newEndpointSchema), async (c) => c.json(await endpoints.create(c.req.valid('json'), auditContext(c)), 201))
    .patch('/webhook-endpoints/:id', manage, validate('param', endpointParam), validate('json', endpointChangeSchema), async (c) =>
      c.json({ endpoint: await endpoints.update(c.req.valid('param').id, c.req.valid('json'), auditContext(c)) }),
    )
    .post('/webhook-endpoints/:id/rotate-secret', manageWithStepUp, validate('param', endpointParam), validate('json', rotateSecretSchema), async (c) =>
      c.json(await endpoints.rotateSecret(c.req.valid('param').id, c.req.valid('json').overlapHours, auditContext(c))),
    )
    .post('/webhook-endpoints/:id/test', manage, validate('param', endpointParam), async (c) => c.json({ delivery: await actions.sendTest(c.req.valid('param').id, auditContext(c)) }, 202))
    .delete('/webhook-endpoints/:id', manage, validate('param', endpointParam), async (c) => {
      await endpoints.remove(c.req.valid('param').id, auditContext(c));
      return c.body(null, 204);
    })
    .get('/webhook-endpoints/:id/deliveries', manage, validate('param', endpointParam), validate('query', deliveryFilters), async (c) =>
      c.json(await log.ofEndpoint(c.req.valid('param').id, c.req.valid('query'))),
    )
    .post('/webhook-endpoints/:id/resend-failed', manage, validate('param', endpointParam), validate('json', resendFailedSchema), async (c) =>
      c.json({ resent: await actions.resendFailed(c.req.valid('param').id, c.req.valid('json'), auditContext(c)) }),
    )
    .get('/webhook-deliveries/:id', manage, validate('param', deliveryParam), async (c) => c.json(await log.delivery(c.req.valid('param').id)))
    .post('/webhook-deliveries/:id/resend', manage, validate('param', deliveryParam), async (c) => c.json({ delivery: await actions.resend(c.req.valid('param').id, auditContext(c)) }, 202))
    .get('/events/:eventId/deliveries', manage, validate('param', eventParam), async (c) => c.json(await log.ofEvent(c.req.valid('param').eventId)))
    .get('/settings/webhooks', manage, async (c) => c.json(await settings.get()))
    .put('/settings/webhooks', manage, validate('json', webhookSettingsSchema), async (c) => c.json(await settings.set(c.req.valid('json'), auditContext(c))));
}
