import { Hono } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.ts';

const horizonTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The part of Horizon that PaymentDTO transaction links point to. */
export function horizonRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/transactions/:txid', (c) => {
    const txid = c.req.param('txid');
    const payment = ctx.payments.withTxid(txid);
    if (payment === undefined) {
      return c.json(
        { type: 'https://stellar.org/horizon-errors/not_found', title: 'Resource Missing', status: 404, detail: `no transaction ${txid}` },
        404,
      );
    }
    return c.json({ id: txid, hash: txid, memo: payment.identifier, successful: true, created_at: horizonTime(payment.txAt) });
  });
}
