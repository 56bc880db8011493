import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Logger } from '../logger.ts';
import { OPEN_STATES } from '../rewards/open-reward-counts.ts';
import type { ConsoleReadings } from './console-readings.ts';

/** The wallet's figures cost two Horizon reads: a scrape every 15 s reads them every other time at most. */
export const WALLET_READ_EVERY_MS = 30_000;
/** The store's readings are shared by the gauges of one scrape. */
const STORE_READ_EVERY_MS = 1_000;

/** Pi from stroops, as a float: a gauge's value is one, and it is only shown, never computed with. */
const pi = (stroops: bigint): number => Number(stroops) / 1e7;

/** A reading handed to whoever shows it, or (when it failed, counted and logged) to whoever clears. */
type Reading<T> = (show: (value: T) => void, clear: () => void) => Promise<void>;

/**
 * The gauges collected at scrape time from `readings`. A value that is not known (no wallet, no
 * threshold set, a reading that failed, which is also counted and logged) is NaN; the scrape still answers.
 */
export function stateMetrics(registry: Registry, readings: ConsoleReadings, logger: Logger): void {
  const registers = [registry];
  const errors = new Counter({ name: 'plat_metrics_reading_errors_total', help: 'Readings of the store or the wallet that failed during a scrape (their gauges then show NaN).', labelNames: ['reading'], registers });
  const guarded = <T>(name: string, read: () => Promise<T>): Reading<T> => async (show, clear) => {
    try {
      show(await read());
    } catch (error) {
      errors.inc({ reading: name });
      logger.warn('a metrics reading failed', { reading: name, error });
      clear();
    }
  };
  const openRewards = guarded('rewards', shared(() => readings.openRewards(), STORE_READ_EVERY_MS));
  const rowsLeft = guarded('batches', shared(() => readings.batchRowsLeft(), STORE_READ_EVERY_MS));
  const wallet = guarded('wallet', shared(() => readings.wallet(), WALLET_READ_EVERY_MS));
  const reconciliation = guarded('reconciliation', shared(() => readings.reconciliation(), STORE_READ_EVERY_MS));
  const backlog = guarded('webhooks', shared(() => readings.webhookBacklog(), STORE_READ_EVERY_MS));
  const probe = guarded('store', async () => {
    const started = performance.now();
    await readings.storeProbe();
    return (performance.now() - started) / 1000;
  });

  new Gauge({
    name: 'plat_rewards',
    help: 'Rewards in each open state now (completed, cancelled and rejected ones are counted by plat_rewards_ended_total).',
    labelNames: ['state'],
    registers,
    async collect() {
      await openRewards((counts) => OPEN_STATES.forEach((state) => this.set({ state }, counts[state])), () => this.reset());
    },
  });
  const gauge = <T>(name: string, help: string, read: Reading<T>, value: (reading: T) => number | null) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        // NaN is Prometheus' "no value": a comparison with it is false, so no alert fires on what is unknown.
        await read(
          (reading) => this.set(value(reading) ?? Number.NaN),
          () => this.set(Number.NaN),
        );
      },
    });
  gauge('plat_batch_rows_left', 'Batch rows not yet paid or ended, over every batch.', rowsLeft, (n) => n);
  gauge('plat_wallet_balance_pi', "The app wallet's balance on the ledger, in Pi.", wallet, (w) => (w ? pi(w.balance) : null));
  gauge('plat_wallet_available_pi', "The app wallet's available funds: balance − the network's minimum − reserved, in Pi.", wallet, (w) => (w ? pi(w.available) : null));
  gauge('plat_wallet_reserved_pi', 'Pi held for rewards accepted and not yet on the ledger, their fees included.', wallet, (w) => (w ? pi(w.reserved) : null));
  gauge('plat_wallet_low_balance_threshold_pi', "The admin's low-balance threshold (Wallet page), in Pi; NaN when none is set.", wallet, (w) => (w?.lowBalance == null ? null : pi(w.lowBalance)));
  gauge('plat_reconciliation_open_exceptions', 'Reconciliation exceptions nobody has acknowledged yet.', reconciliation, (r) => r.openExceptions);
  gauge('plat_reconciliation_last_run_timestamp_seconds', 'When the last reconciliation run ended (Unix time); NaN before the first.', reconciliation, (r) => (r.lastRunAt ? r.lastRunAt.getTime() / 1000 : null));
  gauge('plat_webhook_queue_depth', "Webhook deliveries pending (admins' endpoints and staff's Slack targets).", backlog, (b) => b.depth);
  gauge('plat_webhook_queue_oldest_age_seconds', 'Age of the oldest pending webhook delivery (since its round of tries began); 0 when none.', backlog, (b) => b.oldestAgeSeconds);
  gauge('plat_webhook_queue_overdue_seconds', 'How long the most overdue pending delivery has been due without an attempt; 0 when none.', backlog, (b) => b.overdueSeconds);
  new Histogram({
    name: 'plat_store_round_trip_seconds',
    help: "A trivial statement's round trip to the store, measured at each scrape (waiting for a connection or for the embedded store's turn included).",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers,
    async collect() {
      await probe((seconds) => this.observe(seconds), () => undefined);
    },
  });
}

/** A reading shared by the gauges that show it: taken again only once `maxAgeMs` have passed. */
function shared<T>(read: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
  let last: { value: Promise<T>; at: number } | null = null;
  return () => {
    const now = performance.now();
    if (last && now - last.at < maxAgeMs) return last.value;
    const value = read();
    last = { value, at: now };
    value.catch(() => {
      if (last?.value === value) last = null;
    });
    return value;
  };
}
