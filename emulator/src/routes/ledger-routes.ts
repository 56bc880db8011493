import { Hono } from 'hono';
import { formatStroops } from '../amount.ts';
import type { AppEnv, EmulatorContext } from '../context.ts';
import { horizonTime } from '../horizon/horizon-views.ts';
import { successful } from '../state/ledger.ts';

/**
 * Test controls over the emulated chain: every applied transaction, so a test can count who was paid;
 * the transactions waiting for a ledger; and closing the next ledger now, so a test that sets a slow
 * clock decides when ledgers close.
 */
export function ledgerRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/ledger/queue', (c) => c.json({ queued: ctx.network.queuedHashes(), waiting: ctx.network.waitingSubmissions() }))
    .post('/ledger/close', (c) => {
      ctx.network.closeLedger();
      return c.json({ ledger: ctx.ledger.latestLedger });
    })
    .get('/ledger/transactions', (c) =>
    c.json({
      transactions: ctx.ledger.transactions().map((tx) => ({
        hash: tx.hash,
        ledger: tx.ledger,
        created_at: horizonTime(tx.createdAt),
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
