import { Hono } from 'hono';
import { requireKey, authenticateUser } from '../auth.ts';
import { readJson } from '../body.ts';
import type { AppEnv, EmulatorContext } from '../context.ts';
import { adDTO, paymentDTO, userDTO } from '../dto.ts';
import { badRequest, notFound } from '../errors.ts';
import { injectFaults } from '../fault-middleware.ts';
import type { PaymentRecord } from '../state/payment-record.ts';
import { isPlainObject, parseCreatePayment } from './create-payment-input.ts';

/** The Platform API v2, mounted at /v2. */
export function platformRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const { payments, users, ads, view } = ctx;
  const render = (payment: PaymentRecord) => paymentDTO(payment, view);

  return (
    new Hono<AppEnv>()
      .use('*', injectFaults(ctx.faults))
      // Registered before the key check: Hono runs handlers in registration order and /me answers without calling next.
      .get('/me', (c) => c.json(userDTO(authenticateUser(c.req.header('authorization'), users, Date.now()))))
      .use('*', requireKey(ctx.key))
      .post('/payments', async (c) => {
        const input = parseCreatePayment(await readJson(c));
        const user = users.get(input.uid);
        if (user === undefined) throw notFound('user_not_found', `no user with uid ${input.uid}`);
        return c.json(render(payments.createA2U(user, input, Date.now())));
      })
      .get('/payments/incomplete_server_payments', (c) => {
        const showTransaction = !ctx.config.staleIncompleteTransactions;
        return c.json({ incomplete_server_payments: payments.incomplete().map((p) => paymentDTO(p, view, showTransaction)) });
      })
      .get('/payments/:id', (c) => c.json(render(payments.find(c.req.param('id')))))
      .post('/payments/:id/approve', (c) => c.json(render(payments.approve(payments.find(c.req.param('id'))))))
      .post('/payments/:id/complete', async (c) => {
        const payment = payments.find(c.req.param('id'));
        const body = await readJson(c);
        const txid = isPlainObject(body) ? body.txid : undefined;
        if (typeof txid !== 'string' || txid === '') throw badRequest('missing_txid', 'body must be { txid: "<transaction id>" }');
        return c.json(render(payments.complete(payment, txid)));
      })
      .post('/payments/:id/cancel', (c) => c.json(render(payments.cancel(payments.find(c.req.param('id'))))))
      .get('/ads_network/status/:adId', (c) => c.json(adDTO(ads.find(c.req.param('adId')))))
  );
}
