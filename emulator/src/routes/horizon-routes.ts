import { StrKey } from '@stellar/stellar-sdk';
import { Hono } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.ts';
import { injectFaults } from '../fault-middleware.ts';
import { collectionPage, historyParams, pagingParams, paymentParams, readPageQuery, refuseBeforeHistory, selectPage } from '../horizon/collection-page.ts';
import type { PageQuery } from '../horizon/collection-page.ts';
import {
  HorizonProblem,
  accountView,
  appliedFailureProblem,
  failedProblem,
  feeStatsView,
  invalidFieldProblem,
  ledgerView,
  malformedProblem,
  notFoundProblem,
  paymentTransactionView,
  paymentView,
  problemResponse,
  rootView,
  timeoutProblem,
  transactionView,
} from '../horizon/horizon-views.ts';
import { paymentToid, toid, transactionToid } from '../horizon/toid.ts';
import { successful } from '../state/ledger.ts';
import type { LedgerAccount, LedgerTransaction } from '../state/ledger.ts';

/** The Horizon subset stellar-sdk needs to pay a user, read the network's pace and reconcile an account's history, mounted at /horizon. */
export function horizonRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const { ledger, network, payments, view, config } = ctx;

  /** The account of the path's id: 400 for what is not an account id, 404 for an account the chain does not hold. */
  const accountOf = (id: string): LedgerAccount => {
    if (!StrKey.isValidEd25519PublicKey(id)) throw new HorizonProblem(invalidFieldProblem('account_id', 'Account ID must start with `G` and contain 56 alphanum characters'));
    const account = ledger.account(id);
    if (account === undefined) throw new HorizonProblem(notFoundProblem(`no account ${id}`));
    return account;
  };

  /** A page of the account's transactions (or their payments, by their tokens), as source or destination; failed ones only when asked. */
  const historyPage = (id: string, query: PageQuery & { include_failed: boolean }, tokenOf: (tx: LedgerTransaction) => bigint) => {
    const account = accountOf(id);
    refuseBeforeHistory(query, ledger.firstLedger);
    const records = selectPage(ledger.history(account.id), tokenOf, query, (tx) => query.include_failed || successful(tx));
    return { url: `${view.horizonUrl}/accounts/${account.id}`, records };
  };

  return new Hono<AppEnv>()
    .use('*', injectFaults(ctx.faults))
    .onError((error) => {
      if (error instanceof HorizonProblem) return problemResponse(error.problem);
      throw error;
    })
    .get('/', (c) => c.json(rootView(ledger.latestHeader, ledger.firstLedger, view.network, view.horizonUrl)))
    .get('/ledgers', (c) => {
      const query = readPageQuery(pagingParams, c.req.url, ledger.latestLedger);
      const records = selectPage(ledger.recentHeaders(), (header) => toid(header.sequence), query).map((header) => ledgerView(header, view.horizonUrl));
      return c.json(collectionPage(`${view.horizonUrl}/ledgers`, c.req.url, query, records));
    })
    .get('/accounts/:id', (c) => c.json(accountView(accountOf(c.req.param('id')), view.horizonUrl)))
    .get('/accounts/:id/transactions', (c) => {
      const query = readPageQuery(historyParams, c.req.url, ledger.latestLedger);
      const page = historyPage(c.req.param('id'), query, transactionToid);
      return c.json(collectionPage(`${page.url}/transactions`, c.req.url, query, page.records.map((tx) => transactionView(tx, view.horizonUrl))));
    })
    .get('/accounts/:id/payments', (c) => {
      const query = readPageQuery(paymentParams, c.req.url, ledger.latestLedger);
      const page = historyPage(c.req.param('id'), query, paymentToid);
      const views = page.records.map((tx) => paymentView(tx, view.horizonUrl, query.join === 'transactions'));
      return c.json(collectionPage(`${page.url}/payments`, c.req.url, query, views));
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
