import { Hono } from 'hono';
import { z } from 'zod';
import { formatStroops } from '../amount.ts';
import { readBody } from '../body.ts';
import { notFound } from '../errors.ts';
import type { AppEnv, EmulatorContext } from '../context.ts';
import { horizonTime } from '../horizon/horizon-views.ts';
import { successful } from '../state/ledger.ts';

// As many as stellar-core allows an account (its subentry limit).
const accountBody = z.strictObject({ subentry_count: z.number().int().min(0).max(1000) });

/**
 * Test controls over the emulated chain: every applied transaction, so a test can count who was paid;
 * the transactions waiting for a ledger; closing the next ledger now, so a test that sets a slow
 * clock decides when ledgers close; and an account's subentries, which raise its minimum balance.
 */
export function ledgerRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/ledger/queue', (c) => c.json({ queued: ctx.network.queuedHashes(), waiting: ctx.network.waitingSubmissions() }))
    .post('/ledger/close', (c) => {
      ctx.network.closeLedger();
      return c.json({ ledger: ctx.ledger.latestLedger });
    })
    .put('/ledger/accounts/:id', async (c) => {
      const account = ctx.ledger.account(c.req.param('id'));
      if (account === undefined) throw notFound('not_found', `no account ${c.req.param('id')}`);
      account.numSubentries = (await readBody(c, accountBody)).subentry_count;
      return c.json({ id: account.id, subentry_count: account.numSubentries });
    })
    .get('/ledger/transactions', (c) =>
    c.json({
      transactions: ctx.ledger.transactions().map((tx) => ({
        hash: tx.hash,
        ledger: tx.ledger,
        created_at: horizonTime(tx.createdAt),
        type: tx.operationType,
        source: tx.source,
        destination: tx.destination,
        amount: formatStroops(tx.amount),
        fee_charged: formatStroops(tx.feeCharged),
        memo: tx.memo,
        successful: successful(tx),
        operation_code: tx.operationCode,
      })),
    }),
  );
}
