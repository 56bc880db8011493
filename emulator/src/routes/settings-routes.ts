import { Hono } from 'hono';
import { z } from 'zod';
import { readBody } from '../body.ts';
import type { EmulatorConfig } from '../config.ts';
import type { AppEnv, EmulatorContext } from '../context.ts';
import { faultSchema } from '../faults.ts';

const configBody = z.strictObject({
  ongoing_rule: z.enum(['per_user', 'per_app']).optional(),
  incomplete_list: z.enum(['all', 'latest_only']).optional(),
  u2a_expiry_ms: z.number().int().min(1).max(24 * 60 * 60 * 1000).optional(),
  stale_incomplete_transactions: z.boolean().optional(),
  ledger_close_ms: z.number().int().min(0).max(600_000).optional(),
  horizon_submit_timeout_ms: z.number().int().min(1).max(600_000).optional(),
  max_tx_per_ledger: z.number().int().min(1).max(100_000).optional(),
  base_fee: z.number().int().min(1).max(1_000_000_000).optional(),
  base_reserve: z.number().int().min(0).max(1_000_000_000_000).optional(),
});
const faultsBody = z.strictObject({ faults: z.array(faultSchema).max(100) });

const configDTO = (config: EmulatorConfig) => ({
  ongoing_rule: config.ongoingRule,
  incomplete_list: config.incompleteList,
  u2a_expiry_ms: config.u2aExpiryMs,
  stale_incomplete_transactions: config.staleIncompleteTransactions,
  ledger_close_ms: config.network.ledgerCloseMs,
  horizon_submit_timeout_ms: config.network.horizonSubmitTimeoutMs,
  max_tx_per_ledger: config.network.maxTxPerLedger,
  base_fee: Number(config.network.baseFeeStroops),
  base_reserve: Number(config.network.baseReserveStroops),
});

/** Control routes that change how the emulator behaves: rules and injected faults. */
export function settingsRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const { config, faults, network } = ctx;
  return new Hono<AppEnv>()
    .get('/config', (c) => c.json(configDTO(config)))
    .put('/config', async (c) => {
      const body = await readBody(c, configBody);
      config.ongoingRule = body.ongoing_rule ?? config.ongoingRule;
      config.incompleteList = body.incomplete_list ?? config.incompleteList;
      config.u2aExpiryMs = body.u2a_expiry_ms ?? config.u2aExpiryMs;
      config.staleIncompleteTransactions = body.stale_incomplete_transactions ?? config.staleIncompleteTransactions;
      const chain = config.network;
      const pace = body.ledger_close_ms ?? chain.ledgerCloseMs;
      chain.horizonSubmitTimeoutMs = body.horizon_submit_timeout_ms ?? chain.horizonSubmitTimeoutMs;
      chain.maxTxPerLedger = body.max_tx_per_ledger ?? chain.maxTxPerLedger;
      chain.baseFeeStroops = body.base_fee === undefined ? chain.baseFeeStroops : BigInt(body.base_fee);
      chain.baseReserveStroops = body.base_reserve === undefined ? chain.baseReserveStroops : BigInt(body.base_reserve);
      if (pace !== chain.ledgerCloseMs) {
        chain.ledgerCloseMs = pace;
        network.restartClock();
      }
      return c.json(configDTO(config));
    })
    .get('/faults', (c) => c.json({ faults: faults.list() }))
    .put('/faults', async (c) => {
      faults.replace((await readBody(c, faultsBody)).faults);
      return c.json({ faults: faults.list() });
    })
    .delete('/faults', (c) => {
      faults.replace([]);
      return c.json({ faults: faults.list() });
    });
}
