import { Hono } from 'hono';
import { formatStroops } from '../amount.ts';
import type { AppEnv, EmulatorContext } from '../context.ts';
import { horizonTime } from '../horizon/horizon-views.ts';
import { successful } from '../state/ledger.ts';

/** Test controls over the emulated chain: every applied transaction, so a test can count who was paid. */
export function ledgerRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/ledger/transactions', (c) =>
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
