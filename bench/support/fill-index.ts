import { mapConcurrent } from '../../bff/src/concurrency.ts';
import type { PaymentImporter } from '../../bff/src/payments/payment-import.ts';
import type { PlatformClient } from '../../bff/src/platform/platform-client.ts';
import type { EmulatorProcess } from './emulator-process.ts';
import { count } from './stats.ts';

const SEED_MAX = 1_000_000;
// The most ids one page of the control API holds, and the most one import of the console takes.
const CHUNK = 10_000;

export interface ImportReport {
  seconds: number;
  perSecond: number;
  /** Baseline: fetching the first chunk (`fetchOnlyCount` ids) alone, same client and concurrency, nothing recorded. */
  fetchOnlyPerSecond: number;
  fetchOnlyCount: number;
  results: Record<string, number>;
}

// As PaymentImporter fetches.
export const IMPORT_CONCURRENCY = 8;

export const duration = (seconds: number) => (seconds >= 90 ? `${Math.floor(seconds / 60)}m ${Math.round(seconds % 60)}s` : `${seconds.toFixed(1)}s`);

/** Seeds `total` payments (over the past year, in a realistic mix of states) through the emulator's control API. */
export async function seedEmulator(emulator: EmulatorProcess, total: number): Promise<void> {
  const started = performance.now();
  for (let seeded = 0; seeded < total; seeded += SEED_MAX) {
    await emulator.control('POST', '/seed', { count: Math.min(SEED_MAX, total - seeded) });
  }
  console.log(`  seeded ${count(total)} payments in the emulator in ${duration((performance.now() - started) / 1000)}`);
}

/**
 * Indexes the emulator's first `total` payments the way the console does: their ids, 10,000 at a
 * time, through PaymentImporter (fetch each from the platform with bounded concurrency, record in
 * batches). The next page of ids is fetched while a chunk imports. Baseline: the first chunk
 * fetched alone first, with the same client and concurrency, nothing recorded.
 */
export async function importAll(emulator: EmulatorProcess, deps: { importer: PaymentImporter; platform: PlatformClient }, total: number): Promise<ImportReport> {
  const page = (offset: number) =>
    emulator.control<{ payments: Array<{ identifier: string }> }>('GET', `/payments?offset=${offset}&limit=${CHUNK}`).then((answer) => answer.payments.map((payment) => payment.identifier));
  const first = await page(0);
  const fetchStarted = performance.now();
  for await (const _payment of mapConcurrent(first, IMPORT_CONCURRENCY, (id) => deps.platform.getPayment(id))) {
    // fetched and checked, not recorded
  }
  const fetchOnlyPerSecond = first.length / ((performance.now() - fetchStarted) / 1000);

  const results: Record<string, number> = {};
  const started = performance.now();
  let done = 0;
  let reported = 0;
  let next = Promise.resolve(first);
  for (let offset = 0; offset < total; offset += CHUNK) {
    const ids = await next;
    if (offset + CHUNK < total) next = page(offset + CHUNK);
    for await (const result of deps.importer.run(ids, 'import')) results[result.result] = (results[result.result] ?? 0) + 1;
    done += ids.length;
    if (done - reported >= total / 20 || done >= total) {
      reported = done;
      const seconds = (performance.now() - started) / 1000;
      const rate = done / seconds;
      console.log(`  imported ${count(done).padStart(count(total).length)} / ${count(total)}  ${count(rate)}/s  elapsed ${duration(seconds)}  eta ${duration((total - done) / rate)}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, perSecond: total / seconds, fetchOnlyPerSecond, fetchOnlyCount: first.length, results };
}
