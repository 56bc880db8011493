// Rewards at the network's pace: the emulator closes a ledger every 250 ms and, like the real network,
// takes one transaction per account per ledger, so N rewards signed by the one app wallet take at
// least N ledgers: the ledger bound. Through the BFF, signed in as a manager over HTTP on 127.0.0.1,
// with 20 ms of latency injected on every Platform API and Horizon route: a --rows (default 200) row
// batch to as many users (CSV uploaded, started, `GET /api/rewards/batches/{id}` polled until done; the
// console's batch runner and reward worker pay the rows), then --requests (default 100) single rewards
// (`POST /api/rewards`, one Idempotency-Key each, each followed until it settles), 16 at a time, and as
// many through the public API as an app's backend sends them (`POST /v1/rewards` with an API key, then
// `GET /v1/rewards/{id}` until each settles), 16 clients at a time.
// Target: the ledger bound (rewards × the configured interval) / the time taken ≥ 0.85. The ledgers
// the emulator closed meanwhile give the interval it kept, printed beside it. The console runs in its
// own process on its own store (support/console-child.ts), as in production.
//
//   npm run bench -- --only ledger-pace [--store pglite|postgres|both] [--rows 200] [--requests 100]
import path from 'node:path';
import { Keypair } from '@stellar/stellar-sdk';
import { consoleClient, type ConsoleClient, type RewardDoor } from './support/console-client.ts';
import { startConsoleProcess } from './support/console-process.ts';
import { injectUpstreamLatency, latestLedger, newUsers, startEmulatorProcess, type EmulatorProcess } from './support/emulator-process.ts';
import { readOptions, type StoreKind } from './support/options.ts';
import { count, machine, printTable, type Run } from './support/stats.ts';

const TARGET_RATIO = 0.85;
const LEDGER_CLOSE_MS = 250;
const LATENCY_MS = 20;
/** Single rewards in flight at once. */
const CONCURRENCY = 16;
const AMOUNT = '0.5';
/** Rewards paid before the timed runs, each way: the console's code warmed up, and Horizon's last ledgers show the pace. */
const WARM_UP = 16;

const options = readOptions({ requests: 100, rows: 200 });

/** A timed run, with the ledgers the emulator closed from just before it to just after it. */
interface PacedRun {
  name: string;
  run: Run;
  ledgers: number;
  /** The time between the two ledger reads around the run. */
  ledgerSeconds: number;
  /** What else the run showed, in words. */
  note: string;
}

async function paced(emulator: EmulatorProcess, name: string, work: () => Promise<{ run: Run; note: string }>): Promise<PacedRun> {
  const firstLedger = await latestLedger(emulator);
  const started = performance.now();
  const { run, note } = await work();
  const lastLedger = await latestLedger(emulator);
  return { name, run, ledgers: lastLedger - firstLedger, ledgerSeconds: (performance.now() - started) / 1000, note };
}

async function batchRun(client: ConsoleClient, uids: readonly string[]): Promise<{ run: Run; note: string }> {
  const { run, batch, atLedgerPace } = await client.payBatch(uids, AMOUNT);
  const { progress } = batch;
  const estimate = atLedgerPace ? `${atLedgerPace.seconds.toFixed(1)} s at ${atLedgerPace.ledgerMs} ms a ledger` : 'none';
  return { run, note: `${count(progress.done)} completed, ${count(progress.failed)} failed, ${count(progress.cancelled)} cancelled; the console's estimate as it started: ${estimate}` };
}

async function singlesRun(client: ConsoleClient, uids: readonly string[], door: RewardDoor): Promise<{ run: Run; note: string }> {
  const { run, answers } = await client.payRewards(uids, AMOUNT, CONCURRENCY, door);
  return { run, note: `${count(run.completed)} completed; answers: ${[...answers].map(([answer, n]) => `${answer} ×${count(n)}`).join(', ')}` };
}

async function payThroughConsole(kind: StoreKind, emulator: EmulatorProcess, walletSeed: string): Promise<PacedRun[]> {
  const console_ = await startConsoleProcess(kind, emulator, { profileDir: options.cpuProf ? path.resolve(options.cpuProf, kind) : undefined, role: 'manager', wallet: { seed: walletSeed, horizonUrl: emulator.horizonUrl } });
  const client = consoleClient(console_, CONCURRENCY);
  try {
    await client.payBatch(await newUsers(emulator, WARM_UP), AMOUNT);
    await client.payRewards(await newUsers(emulator, WARM_UP), AMOUNT, CONCURRENCY);
    const batchUids = await newUsers(emulator, options.rows);
    const batch = await paced(emulator, `batch of ${count(options.rows)} rows`, () => batchRun(client, batchUids));
    const singleUids = await newUsers(emulator, options.requests);
    const singles = await paced(emulator, `${count(options.requests)} single rewards, ${CONCURRENCY} at a time`, () => singlesRun(client, singleUids, 'staff'));
    const apiUids = await newUsers(emulator, options.requests);
    const api = await paced(emulator, `${count(options.requests)} rewards through the public API, ${CONCURRENCY} clients`, () => singlesRun(client, apiUids, 'api'));
    return [batch, singles, api];
  } finally {
    await client.close();
    await console_.close();
  }
}

const ledgerBound = (run: Run, ledgerMs: number): number => (run.completed * ledgerMs) / 1000;

console.log(
  `# ledger-pace: a ledger every ${LEDGER_CLOSE_MS} ms; a ${count(options.rows)}-row batch and ${count(options.requests)} single rewards (${CONCURRENCY} at a time), ${LATENCY_MS} ms upstream latency; stores ${options.stores.join(' + ')}; ${machine()}`,
);
const walletSeed = Keypair.random().secret();
const emulator = await startEmulatorProcess({ walletSeed, ledgerCloseMs: LEDGER_CLOSE_MS });
try {
  await injectUpstreamLatency(emulator, LATENCY_MS);
  for (const kind of options.stores) {
    console.log(`\n## ${kind}`);
    const runs = await payThroughConsole(kind, emulator, walletSeed);
    printTable(
      ['run', 'paid', 'seconds', `ledger bound (× ${LEDGER_CLOSE_MS} ms, configured)`, 'bound/actual', 'ledgers closed', 'ms a ledger (measured)', 'bound/actual at the measured interval'],
      runs.map(({ name, run, ledgers, ledgerSeconds }) => {
        const measuredMs = ledgers > 0 ? (ledgerSeconds * 1000) / ledgers : Number.NaN;
        return [
          name,
          count(run.completed),
          run.seconds.toFixed(1),
          `${ledgerBound(run, LEDGER_CLOSE_MS).toFixed(1)} s`,
          (ledgerBound(run, LEDGER_CLOSE_MS) / run.seconds).toFixed(2),
          count(ledgers),
          measuredMs.toFixed(1),
          (ledgerBound(run, measuredMs) / run.seconds).toFixed(2),
        ];
      }),
    );
    for (const { name, run, note } of runs) {
      const achieved = ledgerBound(run, LEDGER_CLOSE_MS) / run.seconds;
      console.log(`  ${name}: bound/actual ${achieved.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${achieved >= TARGET_RATIO ? 'PASS' : 'FAIL'}); ${note}`);
    }
    console.log(`  ${machine()}`);
  }
} finally {
  await emulator.close();
}
