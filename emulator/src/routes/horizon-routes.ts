import { Hono } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.ts';
import { injectFaults } from '../fault-middleware.ts';
import {
  accountView,
  appliedFailureProblem,
  failedProblem,
  feeStatsView,
  malformedProblem,
  notFoundProblem,
  paymentTransactionView,
  problemResponse,
  transactionView,
} from '../horizon/horizon-views.ts';
import { linkToPayment } from '../horizon/link-payment.ts';
import { submitTransaction } from '../horizon/submit-transaction.ts';
import { successful } from '../state/ledger.ts';

/** The Horizon subset stellar-sdk needs to pay a user, mounted at /horizon. */
export function horizonRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const { ledger, payments, view } = ctx;
  return new Hono<AppEnv>()
    .use('*', injectFaults(ctx.faults))
    .get('/accounts/:id', (c) => {
      const account = ledger.account(c.req.param('id'));
      if (account === undefined) return problemResponse(notFoundProblem(`no account ${c.req.param('id')}`));
      return c.json(accountView(account, view.horizonUrl));
    })
    .get('/fee_stats', (c) => c.json(feeStatsView(ledger.latestLedger)))
    .post('/transactions', async (c) => {
      const form = await c.req.parseBody();
      const envelope = typeof form.tx === 'string' ? form.tx : '';
      const now = Date.now();
      const submission = submitTransaction(ledger, envelope, view.network, now);
      switch (submission.kind) {
        case 'malformed':
          return problemResponse(malformedProblem(submission.detail, envelope));
        case 'rejected':
          return problemResponse(failedProblem({ ...submission, resultCodes: { transaction: submission.code } }));
        case 'applied': {
          const { tx, known } = submission;
          if (!successful(tx)) return problemResponse(appliedFailureProblem(tx));
          if (!known) linkToPayment(payments, tx, view, now);
          return c.json(transactionView(tx, view.horizonUrl));
        }
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
