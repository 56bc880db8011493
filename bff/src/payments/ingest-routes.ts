import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { requireIngestToken } from '../guards/ingest-guard.ts';
import { requestOrigin } from '../guards/request-origin.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../http/validate.ts';
import type { IngestTokens } from '../auth/ingest-tokens.ts';
import type { PaymentImporter } from './payment-import.ts';

const MAX_INGEST_IDS = 1_000;
const ingestSchema = z.object({ ids: z.array(z.string().max(200)).min(1, 'no ids given').max(MAX_INGEST_IDS, `at most ${MAX_INGEST_IDS} ids at once`) });
const createSchema = z.object({ name: z.string().trim().min(1, 'is required').max(100) });
const idParam = z.object({ id: z.uuid('is not a token id') });

/** The app's backend sends payment ids; the console fetches each from the platform itself. */
export function ingestRoutes({ audit, tokens, importer }: { audit: AuditLog; tokens: IngestTokens; importer: PaymentImporter }) {
  return new Hono<AppEnv>()
    .post('/ingest/payments', requireIngestToken(tokens, audit), validate('json', ingestSchema), async (c) => {
      const results = await importer.runAll(c.req.valid('json').ids, 'ingest');
      return c.json({ results });
    })
    .get('/ingest-tokens', requireAccess('settings:manage', audit), async (c) => c.json({ tokens: await tokens.list() }))
    .post('/ingest-tokens', requireAccess('settings:manage', audit), validate('json', createSchema), async (c) =>
      c.json(await tokens.create(c.req.valid('json').name, requestOrigin(c)), 201),
    )
    .delete('/ingest-tokens/:id', requireAccess('settings:manage', audit), validate('param', idParam), async (c) =>
      c.json({ ingestToken: await tokens.revoke(c.req.valid('param').id, requestOrigin(c)) }),
    );
}
