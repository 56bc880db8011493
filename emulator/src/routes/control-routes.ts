import { Hono } from 'hono';
import { z } from 'zod';
import { checkAmount } from '../amount.ts';
import { parseWith, readBody } from '../body.ts';
import type { AppEnv, EmulatorContext } from '../context.ts';
import { adDTO, paymentDTO } from '../dto.ts';
import { notFound } from '../errors.ts';
import { payAsUser } from '../horizon/user-payment.ts';
import { seedPayments } from '../seed.ts';
import type { AdAction } from '../state/ads.ts';
import { SCOPES } from '../state/users.ts';
import type { User } from '../state/users.ts';

const newUserBody = z.strictObject({
  username: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'username: 1-64 letters, digits, _ . -').optional(),
  scopes: z.array(z.enum(SCOPES)).optional(),
});
const u2aBody = z.strictObject({
  uid: z.string().min(1),
  amount: z.number(),
  memo: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});
const signBody = z.strictObject({
  verified: z.boolean().default(true),
  // The user's own transaction on the chain (one a test sent to Horizon); without it, the user's client pays on the chain.
  txid: z.string().regex(/^[0-9a-f]{64}$/, 'txid: 64 lowercase hex characters').optional(),
});
const transactionBody = z.strictObject({
  verified: z.boolean().default(true),
  txid: z.string().regex(/^[0-9a-f]{64}$/, 'txid: 64 lowercase hex characters').optional(),
});
const seedBody = z.strictObject({ count: z.number().int().min(1).max(1_000_000) });
const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(100),
});
const AD_ACTIONS: readonly AdAction[] = ['grant', 'revoke', 'fail'];

/** Test and sandbox controls: users, the client side of U2A payments, app-wallet transactions, ads, seeding, counters. */
export function controlRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const { payments, users, ads, view } = ctx;
  const findUser = (uid: string): User => {
    const user = users.get(uid);
    if (user === undefined) throw notFound('user_not_found', `no user with uid ${uid}`);
    return user;
  };

  const routes = new Hono<AppEnv>()
    .post('/users', async (c) => {
      const user = users.create(await readBody(c, newUserBody), Date.now());
      const { uid, username, accessToken, walletAddress, walletSeed, scopes } = user;
      return c.json({ uid, username, access_token: accessToken, wallet_address: walletAddress, wallet_seed: walletSeed, scopes });
    })
    .post('/u2a', async (c) => {
      const { uid, amount, memo, metadata } = await readBody(c, u2aBody);
      const payment = payments.createU2A(findUser(uid), { amount: checkAmount(amount), memo, metadata }, Date.now());
      return c.json(paymentDTO(payment, view));
    })
    .post('/payments/:id/user-sign', async (c) => {
      const payment = payments.find(c.req.param('id'));
      const { verified, txid } = await readBody(c, signBody);
      payments.refuseUserSign(payment);
      const paid = txid ?? (await payAsUser(ctx, payment));
      return c.json(paymentDTO(payments.userSign(payment, { verified, txid: paid }, Date.now()), view));
    })
    .post('/payments/:id/user-cancel', (c) => c.json(paymentDTO(payments.userCancel(payments.find(c.req.param('id'))), view)))
    .post('/payments/:id/transaction', async (c) => {
      const payment = payments.find(c.req.param('id'));
      const input = await readBody(c, transactionBody);
      return c.json(paymentDTO(payments.recordA2UTransaction(payment, input, Date.now()), view));
    })
    .get('/payments', (c) => {
      const { offset, limit } = parseWith(pageQuery, c.req.query());
      return c.json({ total: payments.size, payments: payments.page(offset, limit).map((p) => paymentDTO(p, view)) });
    })
    .get('/stats', (c) => {
      const { peakOpenA2U, ongoingRefusals } = payments.stats();
      return c.json({ peak_open_a2u: peakOpenA2U, ongoing_refusals: ongoingRefusals });
    })
    .delete('/stats', (c) => {
      payments.resetStats();
      return c.json({ ok: true });
    })
    .post('/seed', async (c) => {
      const { count } = await readBody(c, seedBody);
      seedPayments(ctx, count, Date.now());
      return c.json({ count });
    })
    .post('/ads', (c) => c.json({ adId: ads.create().identifier }));

  for (const action of AD_ACTIONS) {
    routes.post(`/ads/:adId/${action}`, (c) => c.json(adDTO(ads.apply(ads.find(c.req.param('adId')), action, Date.now()))));
  }
  return routes;
}
