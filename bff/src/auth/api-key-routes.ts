import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditContext } from '../guards/request-origin.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../http/validate.ts';
import { newApiKeySchema, rollApiKeySchema } from './api-key-input.ts';
import type { ApiKeys } from './api-keys.ts';

const idParam = z.object({ id: z.uuid('is not an API key id') });

/** Admins manage the app backend's API keys; a secret is in the answer that makes it, and nowhere else. */
export function apiKeyRoutes({ audit, keys }: { audit: AuditLog; keys: ApiKeys }) {
  return new Hono<AppEnv>()
    .get('/api-keys', requireAccess('api-keys:manage', audit), async (c) => c.json({ apiKeys: await keys.list() }))
    .post('/api-keys', requireAccess('api-keys:manage', audit, { stepUp: 'always' }), validate('json', newApiKeySchema), async (c) => c.json(await keys.create(c.req.valid('json'), auditContext(c)), 201))
    .post('/api-keys/:id/roll', requireAccess('api-keys:manage', audit, { stepUp: 'always' }), validate('param', idParam), validate('json', rollApiKeySchema), async (c) =>
      c.json(await keys.roll(c.req.valid('param').id, c.req.valid('json').overlapHours, auditContext(c))),
    )
    .post('/api-keys/:id/revoke', requireAccess('api-keys:manage', audit), validate('param', idParam), async (c) => c.json({ apiKey: await keys.revoke(c.req.valid('param').id, auditContext(c)) }));
}
