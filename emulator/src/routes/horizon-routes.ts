import { Hono } from 'hono';
import { z } from 'zod';
import { parseWith } from '../body.ts';
import type { AppEnv, EmulatorContext } from '../context.ts';
import { injectFaults } from '../fault-middleware.ts';
import {
  accountView,
  appliedFailureProblem,
  failedProblem,
  feeStatsView,
  ledgerView,
  malformedProblem,
  notFoundProblem,
  paymentTransactionView,
  problemResponse,
  rootView,
  timeoutProblem,
  transactionView,
} from '../horizon/horizon-views.ts';
import { successful } from '../state/ledger.ts';

const ledgersQuery = z.object({
  order: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(200).default(10),
  cursor: z.string().regex(/^\d+$/, 'cursor: a paging token').optional(),
});

/** The Horizon subset stellar-sdk needs to pay a user and read the network's pace, mounted at /horizon. */
export function horizonRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const { ledger, network, payments, view, config } = ctx;
  return new Hono<AppEnv>()
    .use('*', injectFaults(ctx.faults))
    .get('/', (c) => c.json(rootView(ledger.latestHeader, ledger.firstLedger, view.network, view.horizonUrl)))
    .get('/ledgers', (c) => {
      const { order, limit, cursor } = parseWith(ledgersQuery, c.req.query());
      const after = cursor === undefined ? null : BigInt(cursor);
      const headers = order === 'asc' ? [...ledger.recentHeaders()] : [...ledger.recentHeaders()].reverse();
      const records = headers
        .filter((header) => after === null || (order === 'asc' ? BigInt(header.sequence) << 32n > after : BigInt(header.sequence) << 32n < after))
        .slice(0, limit)
        .map((header) => ledgerView(header, view.horizonUrl));
      const last = records.at(-1)?.paging_token ?? cursor ?? '';
      const next = `${view.horizonUrl}/ledgers?order=${order}&limit=${limit}&cursor=${last}`;
      return c.json({ _links: { self: { href: c.req.url }, next: { href: next } }, _embedded: { records } });
    })
    .get('/accounts/:id', (c) => {
      const account = ledger.account(c.req.param('id'));
      if (account === undefined) return problemResponse(notFoundProblem(`no account ${c.req.param('id')}`));
      return c.json(accountView(account, view.horizonUrl));
    })
    .get('/fee_stats', (c) => c.json(feeStatsView(ledger.latestLedger, config.network.baseFeeStroops)))
    .post('/transactions', async (c) => {
      const form = await c.req.parseBody();
      const envelope = typeof form.tx === 'string' ? form.tx : '';
      const answer = await network.submit(envelope, c.get('heldBackLedgers') ?? 0);
      switch (answer.kind) {
        case 'malformed':
          return problemResponse(malformedProblem(answer.detail, envelope));
        case 'rejected':
          return problemResponse(failedProblem({ ...answer, resultCodes: { transaction: answer.code } }));
        case 'timeout':
          return problemResponse(timeoutProblem(answer.hash));
        case 'applied':
          return successful(answer.tx) ? c.json(transactionView(answer.tx, view.horizonUrl)) : problemResponse(appliedFailureProblem(answer.tx));
      }
    })
    .get('/transactions/:hash', (c) => {
      const hash = c.req.param('hash');
      const tx = ledger.transaction(hash);
      if (tx !== undefined) return c.json(transactionView(tx, view.horizonUrl));
      const payment = payments.withTxid(hash);
      if (payment !== undefined) return c.json(paymentTransactionView(payment, hash, ledger.firstLedger));
      return problemResponse(notFoundProblem(`no transaction ${hash}`));
    });
}
