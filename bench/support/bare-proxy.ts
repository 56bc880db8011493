import { Hono } from 'hono';
import { Pool } from 'undici';

/**
 * The floor for any BFF on this stack (a baseline, not the console): a Hono app that only forwards
 * `GET /v2/payments/{id}` to the upstream with undici, with no session, checks, store or JSON checking.
 */
export function bareProxy(upstream: { origin: string; key: string }): { app: Hono; close(): Promise<void> } {
  const pool = new Pool(upstream.origin, { connections: 32 });
  const app = new Hono().get('/v2/payments/:id', async (c) => {
    const answer = await pool.request({ method: 'GET', path: `/v2/payments/${c.req.param('id')}`, headers: { authorization: `Key ${upstream.key}` } });
    return c.body(await answer.body.text(), 200, { 'content-type': 'application/json' });
  });
  return { app, close: () => pool.close() };
}
