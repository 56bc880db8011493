// Rewards per second through the BFF: 1,000 rewards to 1,000 users, each a `POST /api/rewards` (with
// its own Idempotency-Key, signed in as a manager) over HTTP on 127.0.0.1 and followed until it settles
// (support/console-client.ts), with 20 ms of latency injected on every Platform API and Horizon route.
// Baseline, in the same run and at the same concurrency: a bare script (support/bare-rewards.ts)
// making the same create → submit → complete calls straight to the emulator. Target: console/bare
// ≥ 0.8. Also the console's memory. The console runs in its own process on its own store
// (support/console-child.ts), as in production.
//
//   npm run bench -- --only rewards-throughput [--store pglite|postgres|both] [--requests 1000]
import path from 'node:path';
import { Keypair } from '@stellar/stellar-sdk';
import { timedBareRun } from './support/bare-rewards.ts';
import { consoleClient } from './support/console-client.ts';
import { startConsoleProcess } from './support/console-process.ts';
import { injectUpstreamLatency, newUsers, startEmulatorProcess, type EmulatorProcess } from './support/emulator-process.ts';
import { mib } from './support/memory.ts';
import { readOptions, type StoreKind } from './support/options.ts';
import { count, machine, perSecond, printTable, ratio, type Run } from './support/stats.ts';

const TARGET_RATIO = 0.8;
const LATENCY_MS = 20;
const CONCURRENCY = 16;
const AMOUNT = '0.5';
const WARM_UP = 20;

const options = readOptions({ requests: 1_000 });

const bare = (emulator: EmulatorProcess, walletSeed: string, n: number): Promise<Run> => timedBareRun(emulator, walletSeed, n, AMOUNT, CONCURRENCY);

async function payThroughConsole(kind: StoreKind, emulator: EmulatorProcess, walletSeed: string): Promise<{ run: Run; answers: Map<string, number>; rss: number; cpuMs: number }> {
  const console_ = await startConsoleProcess(kind, emulator, { profileDir: options.cpuProf ? path.resolve(options.cpuProf, kind) : undefined, role: 'manager', wallet: { seed: walletSeed, horizonUrl: emulator.horizonUrl } });
  const client = consoleClient(console_, CONCURRENCY);
  try {
    await client.payRewards(await newUsers(emulator, WARM_UP), AMOUNT, CONCURRENCY);
    const uids = await newUsers(emulator, options.requests);
    const cpuBefore = await console_.cpuMs();
    const { result, peakRss } = await console_.peakRssDuring(() => client.payRewards(uids, AMOUNT, CONCURRENCY));
    return { ...result, rss: peakRss, cpuMs: (await console_.cpuMs()) - cpuBefore };
  } finally {
    await client.close();
    await console_.close();
  }
}

console.log(`# rewards-throughput: ${count(options.requests)} rewards, ${CONCURRENCY} at a time, ${LATENCY_MS} ms upstream latency; stores ${options.stores.join(' + ')}; ${machine()}`);
const walletSeed = Keypair.random().secret();
const emulator = await startEmulatorProcess({ walletSeed });
try {
  await injectUpstreamLatency(emulator, LATENCY_MS);
  await bare(emulator, walletSeed, WARM_UP);
  for (const kind of options.stores) {
    console.log(`\n## ${kind}`);
    const baseline = await bare(emulator, walletSeed, options.requests);
    const measured = await payThroughConsole(kind, emulator, walletSeed);
    const achieved = perSecond(measured.run) / perSecond(baseline);
    printTable(
      ['side', 'completed', 'seconds', 'rewards/s'],
      [
        ['bare script → emulator', count(baseline.completed), baseline.seconds.toFixed(1), perSecond(baseline).toFixed(1)],
        ['console  POST /api/rewards', count(measured.run.completed), measured.run.seconds.toFixed(1), perSecond(measured.run).toFixed(1)],
      ],
    );
    console.log(`  console/bare ${ratio(perSecond(measured.run), perSecond(baseline))} (target ≥ ${TARGET_RATIO}: ${achieved >= TARGET_RATIO ? 'PASS' : 'FAIL'})`);
    console.log(`  answers: ${[...measured.answers].map(([outcome, n]) => `${outcome} ×${count(n)}`).join(', ')}`);
    console.log(`  console process (its own, as in production) while paying: peak RSS ${mib(measured.rss)}, CPU ${(measured.cpuMs / Math.max(1, measured.run.completed)).toFixed(1)} ms a reward`);
    console.log(`  ${machine()}`);
  }
} finally {
  await emulator.close();
}
