// Requests per second under concurrent load: autocannon in its own process drives each side in turn,
// at 10 and at 50 connections, in the same run: the emulator directly; a bare Hono + undici
// pass-through (support/bare-proxy.ts); the console's signed-in look-up (GET /api/payments/{id});
// the index page (filtered, sorted, 50 rows) against the same statement served by a bare Hono route on
// the same driver; the ingest endpoint with 100 ids per call. The console runs in a child process of
// its own (as in production), so does the emulator. Then a soak of look-ups, watching the console's RSS.
// Targets, at 10 connections: look-up ≥ 0.25× the pass-through on PostgreSQL, ≥ 0.15× on PGlite;
// index page ≥ 0.5× the bare SQL route on PostgreSQL; 0 errors; RSS after the soak within 10 %.
//
//   npm run bench -- --only throughput [--store pglite|postgres|both] [--duration 10] [--rounds 2] [--soak-seconds 60] [--cpu-prof DIR]
import path from 'node:path';
import { startBenchChild } from './support/child-process.ts';
import { startConsoleProcess, type ConsoleProcess } from './support/console-process.ts';
import { startEmulatorProcess } from './support/emulator-process.ts';
import type { LoadRequest, LoadResult } from './support/load-child.ts';
import { startLoadProcess, type LoadProcess } from './support/load-process.ts';
import { readOptions, type StoreKind } from './support/options.ts';
import { count, machine, printTable, ratio } from './support/stats.ts';

const PAYMENTS = 2_000;
const INGEST_IDS = 100;
const CONNECTIONS = [10, 50] as const;
const WARM_UP_SECONDS = 2;
const INDEX_QUERY = 'state=completed&direction=user_to_app&sort=created&order=desc&limit=50';
const TARGETS: Record<StoreKind, { lookup: number; indexPage: number | null }> = {
  postgres: { lookup: 0.25, indexPage: 0.5 },
  pglite: { lookup: 0.15, indexPage: null },
};
const RSS_TOLERANCE = 0.1;

const options = readOptions({ requests: 1 });

type Side = 'emulator' | 'passThrough' | 'lookup' | 'bareSql' | 'indexPage' | 'ingest';

interface Load {
  label: string;
  origin: string;
  requests: LoadRequest[];
}

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

function loadsOf(ids: string[], emulator: { origin: string; key: string }, passThrough: string, console_: ConsoleProcess): Record<Side, Load> {
  const cookie = { cookie: console_.cookie };
  return {
    emulator: { label: 'emulator direct   GET /v2/payments/{id}', origin: emulator.origin, requests: ids.map((id) => ({ method: 'GET', path: `/v2/payments/${id}`, headers: { authorization: `Key ${emulator.key}` } })) },
    passThrough: { label: 'bare pass-through GET /v2/payments/{id}', origin: passThrough, requests: ids.map((id) => ({ method: 'GET', path: `/v2/payments/${id}` })) },
    lookup: { label: 'console look-up   GET /api/payments/{id}', origin: console_.origin, requests: ids.map((id) => ({ method: 'GET', path: `/api/payments/${id}`, headers: cookie })) },
    bareSql: { label: 'bare SQL route    (the index page statement)', origin: console_.bareSqlOrigin, requests: [{ method: 'GET', path: '/payments' }] },
    indexPage: { label: 'console index     GET /api/payments?…', origin: console_.origin, requests: [{ method: 'GET', path: `/api/payments?${INDEX_QUERY}`, headers: cookie }] },
    ingest: {
      label: `console ingest    POST /api/ingest/payments (${INGEST_IDS} ids)`,
      origin: console_.origin,
      requests: chunks(ids, INGEST_IDS).map((part) => ({
        method: 'POST',
        path: '/api/ingest/payments',
        headers: { authorization: `Bearer ${console_.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: part }),
      })),
    },
  };
}

/** Every side at every connection count, `rounds` times, interleaved; the best round of each is kept. */
async function measure(load: LoadProcess, console_: ConsoleProcess, loads: Record<Side, Load>): Promise<Map<string, LoadResult & { allErrors: number }>> {
  const best = new Map<string, LoadResult & { allErrors: number }>();
  for (let round = 0; round < options.rounds; round++) {
    for (const connections of CONNECTIONS) {
      for (const [side, { origin, requests }] of Object.entries(loads)) {
        const result = await load.run({ origin, connections, seconds: options.duration, requests });
        // Writes the console queued after its answers finish before the next side is measured.
        await console_.settled();
        const key = `${side} ${connections}`;
        const before = best.get(key);
        const allErrors = (before?.allErrors ?? 0) + result.errors;
        best.set(key, before && before.requestsPerSecond >= result.requestsPerSecond ? { ...before, allErrors } : { ...result, allErrors });
      }
    }
  }
  return best;
}

/** RSS of the console before, during (peak) and after a soak of look-ups at 10 connections. */
async function soak(load: LoadProcess, console_: ConsoleProcess, lookup: Load): Promise<{ before: number; peak: number; after: number; result: LoadResult }> {
  const before = await console_.retainedRss();
  const { result, peakRss } = await console_.peakRssDuring(async () => {
    const run = await load.run({ origin: lookup.origin, connections: 10, seconds: options.soakSeconds, requests: lookup.requests });
    await console_.settled();
    return run;
  });
  return { before, peak: peakRss, after: await console_.retainedRss(), result };
}

async function benchStore(kind: StoreKind, ids: string[], emulator: { origin: string; url: string; key: string }, passThrough: string, load: LoadProcess): Promise<void> {
  const profileDir = options.cpuProf ? path.resolve(options.cpuProf, kind) : undefined;
  const console_ = await startConsoleProcess(kind, emulator, { profileDir });
  try {
    console.log(`\n## ${kind} (${console_.where})`);
    await console_.index(ids);
    await console_.captureIndexPage(INDEX_QUERY);
    const loads = loadsOf(ids, emulator, passThrough, console_);
    // Every load at every concurrency, so that the soak starts from the sizes the measured runs reach.
    for (const connections of CONNECTIONS) {
      for (const { origin, requests } of Object.values(loads)) await load.run({ origin, connections, seconds: WARM_UP_SECONDS, requests });
    }
    await console_.settled();
    const afterWarmUp = await console_.retainedRss();

    const results = await measure(load, console_, loads);
    const rows: string[][] = [];
    for (const connections of CONNECTIONS) {
      const of = (side: Side) => results.get(`${side} ${connections}`) as LoadResult & { allErrors: number };
      const baselineOf: Partial<Record<Side, Side>> = { passThrough: 'emulator', lookup: 'passThrough', indexPage: 'bareSql', ingest: 'passThrough' };
      for (const [side, { label }] of Object.entries(loads) as Array<[Side, Load]>) {
        const result = of(side);
        const baseline = baselineOf[side];
        // Ingest moves 100 payments per request: its payments/s against the pass-through's look-ups/s.
        const perSecond = side === 'ingest' ? result.requestsPerSecond * INGEST_IDS : result.requestsPerSecond;
        rows.push([
          label,
          String(connections),
          count(result.requestsPerSecond),
          String(result.p50),
          String(result.p99),
          String(result.allErrors),
          baseline ? `${ratio(perSecond, of(baseline).requestsPerSecond)} of ${baseline}` : '',
        ]);
      }
    }
    console.log(`best of ${options.rounds} round(s) of ${options.duration} s per side; ${count(PAYMENTS)} payments indexed; index page: ${INDEX_QUERY}`);
    printTable(['side', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio'], rows);
    const at10 = (side: Side) => (results.get(`${side} 10`) as LoadResult).requestsPerSecond;
    const verdict = (value: number, target: number) => `${value.toFixed(3)}× (target ≥ ${target}: ${value >= target ? 'PASS' : 'FAIL'})`;
    const target = TARGETS[kind];
    console.log(`  look-up / pass-through at 10 connections: ${verdict(at10('lookup') / at10('passThrough'), target.lookup)}`);
    const indexRatio = at10('indexPage') / at10('bareSql');
    console.log(`  index page / bare SQL at 10 connections: ${target.indexPage === null ? `${indexRatio.toFixed(3)}× (no target on ${kind})` : verdict(indexRatio, target.indexPage)}`);
    const errors = [...results.values()].reduce((sum, result) => sum + result.allErrors, 0);
    console.log(`  errors over every run: ${errors} (target 0: ${errors === 0 ? 'PASS' : 'FAIL'})`);
    console.log(`  ${machine()}`);

    const soaked = await soak(load, console_, loads.lookup);
    const drift = soaked.after / afterWarmUp - 1;
    console.log(`\nsoak: ${options.soakSeconds} s of look-ups at 10 connections: ${count(soaked.result.requestsPerSecond)} req/s, p50 ${soaked.result.p50} ms, p99 ${soaked.result.p99} ms, ${soaked.result.errors} errors`);
    printTable(
      ['console RSS', 'MiB'],
      [
        ['after warm-up, after full GCs', mib(afterWarmUp)],
        ['before the soak (after the runs above), after full GCs', mib(soaked.before)],
        ['peak during the soak', mib(soaked.peak)],
        ['after the soak, after full GCs', mib(soaked.after)],
      ],
    );
    console.log(`  after the soak / after warm-up: ${(drift * 100).toFixed(1)} % (target within ${RSS_TOLERANCE * 100} %: ${Math.abs(drift) <= RSS_TOLERANCE ? 'PASS' : 'FAIL'}); after / before the soak: ${((soaked.after / soaked.before - 1) * 100).toFixed(1)} %`);
    console.log(`  ${machine()}`);
  } finally {
    await console_.close();
  }
  if (profileDir) console.log(`  CPU profile of the console process in ${profileDir}`);
}

console.log(`# throughput: stores ${options.stores.join(' + ')}; ${machine()}`);
const emulator = await startEmulatorProcess();
const passThrough = await startBenchChild<{ origin: string }>(new URL('./support/bare-proxy-child.ts', import.meta.url), {
  env: { PLAT_BENCH_UPSTREAM_ORIGIN: emulator.origin, PLAT_BENCH_UPSTREAM_KEY: emulator.key },
});
const load = await startLoadProcess();
try {
  await emulator.control('POST', '/seed', { count: PAYMENTS });
  const { payments } = await emulator.control<{ payments: Array<{ identifier: string }> }>('GET', `/payments?offset=0&limit=${PAYMENTS}`);
  const ids = payments.map((payment) => payment.identifier);
  for (const kind of options.stores) await benchStore(kind, ids, emulator, passThrough.ready.origin, load);
} finally {
  await load.close();
  await passThrough.close();
  await emulator.close();
}
