import { Hono } from 'hono';
import { z } from 'zod';
import { requireScope, type ApiKeyGuardDeps } from '../guards/api-key-guard.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../http/validate.ts';
import type { PaymentImporter } from './payment-import.ts';

const MAX_INGEST_IDS = 1_000;
export const ingestSchema = z.object({ ids: z.array(z.string().max(200)).min(1, 'no ids given').max(MAX_INGEST_IDS, `at most ${MAX_INGEST_IDS} ids at once`) });

/**
 * The app's backend sends payment ids; the console fetches each from the platform itself. This is the
 * path the ingest tokens used (they are keys with the `ingest` scope now); `/v1/ingest/payments` is its
 * successor.
 */
export function ingestRoutes({ keyGuard, importer }: { keyGuard: ApiKeyGuardDeps; importer: PaymentImporter }) {
  return new Hono<AppEnv>().post('/ingest/payments', requireScope('payments:ingest', keyGuard), validate('json', ingestSchema), async (c) => {
    const results = await importer.runAll(c.req.valid('json').ids, 'ingest');
    return c.json({ results });
  });
}
