// A reward batch through the BFF: a CSV of --rows (default 10,000) rows to as many users uploaded over
// HTTP on 127.0.0.1 (signed in as a manager), started, and polled (GET /api/rewards/batches/{id}) until
// done, with 20 ms of latency injected on every Platform API and Horizon route; the console's own batch
// runner and reward worker pay the rows. Baseline, in the same run and at the batch runner's
// concurrency: the rewards benchmark's bare script (support/bare-rewards.ts). Targets: console/bare
// ≥ 0.8, peak RSS < 300 MB (300 million bytes: 286 MiB) during the batch. Also a 50,000-row preview
// (upload and check, nothing paid): its time and peak RSS. The console runs in its own process on its
// own store (support/console-child.ts), as in production, so its RSS is its own.
//
//   npm run bench -- --only reward-batch [--store pglite|postgres|both] [--rows 10000]
import path from 'node:path';
import { Keypair } from '@stellar/stellar-sdk';
import { timedBareRun } from './support/bare-rewards.ts';
import { consoleClient, csvOf, type PaidBatch } from './support/console-client.ts';
import { startConsoleProcess } from './support/console-process.ts';
import { injectUpstreamLatency, newUsers, startEmulatorProcess, type EmulatorProcess } from './support/emulator-process.ts';
import { mb, mib } from './support/memory.ts';
import { readOptions, type StoreKind } from './support/options.ts';
import { count, machine, perSecond, printTable, ratio, type Run } from './support/stats.ts';

const TARGET_RATIO = 0.8;
/** The "under 300 MB", in bytes: 286 MiB. */
const TARGET_RSS_BYTES = 300e6;
const LATENCY_MS = 20;
/** The console's default batch concurrency, set here so that the baseline runs at the same. */
const CONCURRENCY = 8;
const AMOUNT = '0.5';
const WARM_UP = 20;
const PREVIEW_ROWS = 50_000;

const options = readOptions({ requests: 1_000, rows: 10_000 });

interface BatchRun extends PaidBatch {
  rss: number;
  rssBefore: number;
}

async function payThroughConsole(kind: StoreKind, emulator: EmulatorProcess, walletSeed: string): Promise<{ paid: BatchRun; preview: { seconds: number; rows: number; rss: number; rssBefore: number } }> {
  const console_ = await startConsoleProcess(kind, emulator, { profileDir: options.cpuProf ? path.resolve(options.cpuProf, kind) : undefined, role: 'manager', wallet: { seed: walletSeed, horizonUrl: emulator.horizonUrl }, batchConcurrency: CONCURRENCY });
  const client = consoleClient(console_, 2);
  try {
    await client.payBatch(await newUsers(emulator, WARM_UP), AMOUNT);
    const uids = await newUsers(emulator, options.rows);
    const { result, peakRss, rssBefore } = await console_.peakRssDuring(() => client.payBatch(uids, AMOUNT));
    const previewUids = Array.from({ length: PREVIEW_ROWS }, (_, i) => `bench-preview-user-${i}`);
    const preview = await console_.peakRssDuring(async () => {
      const started = performance.now();
      const batch = await client.upload(csvOf(previewUids, AMOUNT));
      return { seconds: (performance.now() - started) / 1000, rows: batch.rows };
    });
    return { paid: { ...result, rss: peakRss, rssBefore }, preview: { ...preview.result, rss: preview.peakRss, rssBefore: preview.rssBefore } };
  } finally {
    await client.close();
    await console_.close();
  }
}

console.log(`# reward-batch: a ${count(options.rows)}-row batch, ${CONCURRENCY} rows at a time, ${LATENCY_MS} ms upstream latency; a ${count(PREVIEW_ROWS)}-row preview; stores ${options.stores.join(' + ')}; ${machine()}`);
const walletSeed = Keypair.random().secret();
const emulator = await startEmulatorProcess({ walletSeed });
try {
  await injectUpstreamLatency(emulator, LATENCY_MS);
  await timedBareRun(emulator, walletSeed, WARM_UP, AMOUNT, CONCURRENCY);
  for (const kind of options.stores) {
    console.log(`\n## ${kind}`);
    const baseline = await timedBareRun(emulator, walletSeed, options.rows, AMOUNT, CONCURRENCY);
    const { paid, preview } = await payThroughConsole(kind, emulator, walletSeed);
    const achieved = perSecond(paid.run) / perSecond(baseline);
    printTable(
      ['side', 'completed', 'seconds', 'rewards/s'],
      [
        ['bare script → emulator', count(baseline.completed), baseline.seconds.toFixed(1), perSecond(baseline).toFixed(1)],
        ['console  batch (start → done)', count(paid.run.completed), paid.run.seconds.toFixed(1), perSecond(paid.run).toFixed(1)],
      ],
    );
    const { progress } = paid.batch;
    console.log(`  console/bare ${ratio(perSecond(paid.run), perSecond(baseline))} (target ≥ ${TARGET_RATIO}: ${achieved >= TARGET_RATIO ? 'PASS' : 'FAIL'})`);
    console.log(`  rows: ${count(progress.done)} completed, ${count(progress.failed)} failed, ${count(progress.cancelled)} cancelled; upload and preview of the ${count(options.rows)} rows ${paid.uploadSeconds.toFixed(2)} s`);
    const rssPass = paid.rss < TARGET_RSS_BYTES ? 'PASS' : 'FAIL';
    console.log(`  console process (its own, as in production) during the batch: peak RSS ${mib(paid.rss)} = ${mb(paid.rss)} (target < ${mb(TARGET_RSS_BYTES)}: ${rssPass}; ${mib(paid.rssBefore)} when it started)`);
    console.log(`  ${count(preview.rows)}-row preview (upload → 201): ${preview.seconds.toFixed(2)} s, peak RSS ${mib(preview.rss)} (${mib(preview.rssBefore)} when it started)`);
    console.log(`  ${machine()}`);
  }
} finally {
  await emulator.close();
}
