// Payments index at scale: a filtered, sorted page of 50 from the BFF with 1,000,000 payments indexed
// should answer with p95 ≤ 50 ms, on PGlite and on PostgreSQL. Baseline, measured in the same run:
// the very statement the BFF sends, run straight on the store's client.
//
//   npm run bench -- --only payments-query [--count 1000000] [--store pglite|postgres|both] [--keep]
//                   [--requests 200] [--explain] [--no-analyze]
import { systemClock } from '../bff/src/clock.ts';
import { paymentPageSchema } from '../bff/src/payments/payment-routes.ts';
import { queryPayments } from '../bff/src/payments/payment-query.ts';
import { startBenchBff, type BenchBff } from './support/bench-bff.ts';
import { openBenchStore, type BenchStore, type Statement } from './support/bench-store.ts';
import { startEmulatorProcess, type EmulatorProcess } from './support/emulator-process.ts';
import { duration, IMPORT_CONCURRENCY, importAll, seedEmulator } from './support/fill-index.ts';
import { readOptions, type StoreKind } from './support/options.ts';
import { queryShapes, type QueryShape } from './support/query-shapes.ts';
import { count, machine, ms, printTable, ratio, Samples } from './support/stats.ts';

const TARGET_P95_MS = 50;
const WARM_UP = 10;
// A slow shape stops early (after at least MIN_REQUESTS) so that a run stays bounded.
const SHAPE_BUDGET_MS = 20_000;
const MIN_REQUESTS = 20;

const options = readOptions({ requests: 200 });

interface ShapeResult {
  shape: QueryShape;
  statement: Statement;
  rows: number;
  sql: Samples;
  bff: Samples;
}

/** The one statement queryPayments sends for a view. */
async function statementOf(bench: BenchStore, query: string): Promise<Statement> {
  const page = paymentPageSchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const statements = await bench.capture((db) => queryPayments(db, systemClock, page));
  if (statements.length !== 1) throw new Error(`expected one statement for "${query}", saw ${statements.length}`);
  return statements[0] as Statement;
}

async function measure(bench: BenchStore, bff: BenchBff, shape: QueryShape): Promise<ShapeResult> {
  const statement = await statementOf(bench, shape.query);
  const sql = new Samples();
  const viaBff = new Samples();
  let rows = 0;
  const runSql = () => bench.query(statement.text, statement.params);
  const runBff = async () => {
    const response = await bff.app.request(`/api/payments?${shape.query}`, { headers: { cookie: bff.cookie } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${shape.name}: ${response.status} ${text}`);
    return text;
  };
  const deadline = performance.now() + SHAPE_BUDGET_MS;
  for (let i = 0; i < WARM_UP && (i < 2 || performance.now() < deadline); i++) {
    await runSql();
    rows = (JSON.parse(await runBff()) as { payments: unknown[] }).payments.length;
  }
  // Interleaved, alternating which goes first, so both see the same caches and the same moment.
  for (let i = 0; i < options.requests && (i < MIN_REQUESTS || performance.now() < deadline); i++) {
    if (i % 2 === 0) {
      await sql.time(runSql);
      await viaBff.time(runBff);
    } else {
      await viaBff.time(runBff);
      await sql.time(runSql);
    }
  }
  return { shape, statement, rows, sql, bff: viaBff };
}

async function explain(bench: BenchStore, { shape, statement }: ShapeResult): Promise<void> {
  const plan = await bench.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
  const text = statement.text.replace(/^select .+? from /, 'select <every column> from ');
  console.log(`\n  EXPLAIN ANALYZE: ${shape.name}  (${bench.kind})\n  ${text}\n  params ${JSON.stringify(statement.params)}`);
  for (const row of plan) console.log(`    ${row['QUERY PLAN']}`);
}

async function fill(bench: BenchStore, bff: BenchBff, emulator: EmulatorProcess, seed: () => Promise<void>): Promise<void> {
  if (bench.filled) {
    console.log(`  reusing the index kept by an earlier --keep run (${bench.where})`);
    return;
  }
  await seed();
  console.log(`  importing ${count(options.count)} payments through PaymentImporter…`);
  const report = await importAll(emulator, { importer: bff.services.paymentImporter, platform: bff.platform }, options.count);
  console.log(`  import: ${count(options.count)} payments in ${duration(report.seconds)} = ${count(report.perSecond)} payments/s  results ${JSON.stringify(report.results)}`);
  console.log(
    `  baseline, fetching alone (first ${count(report.fetchOnlyCount)} ids, same client, concurrency ${IMPORT_CONCURRENCY}, nothing recorded): ${count(report.fetchOnlyPerSecond)} payments/s; the import runs at ${ratio(report.perSecond, report.fetchOnlyPerSecond)} of it`,
  );
  if (options.analyze) {
    const started = performance.now();
    await bench.query('ANALYZE payments');
    console.log(`  ANALYZE payments after the import: ${ms(performance.now() - started, 0)} ms`);
  }
  if (options.keep) await bench.markFilled();
}

async function benchStore(kind: StoreKind, emulator: EmulatorProcess, seed: () => Promise<void>): Promise<void> {
  console.log(`\n## ${kind}`);
  const bench = await openBenchStore(kind, options);
  const bff = await startBenchBff(bench.store, emulator);
  try {
    console.log(`  store: ${bench.where}`);
    await fill(bench, bff, emulator, seed);
    const [size] = await bench.query<{ rows: string; size: string }>("SELECT count(*)::text AS rows, pg_size_pretty(pg_total_relation_size('payments')) AS size FROM payments");
    console.log(`  index: ${count(Number(size?.rows))} payments, ${size?.size} with indexes\n`);

    const results: ShapeResult[] = [];
    for (const shape of await queryShapes(bench, bff, options.count)) results.push(await measure(bench, bff, shape));

    console.log(`up to ${options.requests} requests per shape (n; after ${WARM_UP} warm-up), in-process app.request as support; SQL = the same statement on the store's client`);
    printTable(
      ['query shape', 'rows', 'n', 'SQL p50', 'SQL p95', 'BFF p50', 'BFF p95', 'BFF p99', 'BFF−SQL p50', 'BFF/SQL p50', `p95 ≤ ${TARGET_P95_MS} ms`],
      results.map(({ shape, rows, sql, bff: viaBff }) => [
        shape.name,
        String(rows),
        String(viaBff.count),
        ms(sql.p50),
        ms(sql.p95),
        ms(viaBff.p50),
        ms(viaBff.p95),
        ms(viaBff.p99),
        ms(viaBff.p50 - sql.p50),
        ratio(viaBff.p50, sql.p50),
        viaBff.p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL',
      ]),
    );
    const failing = results.filter((result) => result.bff.p95 > TARGET_P95_MS);
    console.log(`  ${results.length - failing.length}/${results.length} shapes within p95 ≤ ${TARGET_P95_MS} ms on ${kind}; ${machine()}`);
    for (const result of options.explain ? results : failing) await explain(bench, result);
  } finally {
    await bff.close();
    await bench.close();
  }
}

console.log(`# payments-query: ${count(options.count)} payments, stores ${options.stores.join(' + ')}; ${machine()}`);
const emulator = await startEmulatorProcess();
try {
  let seeded: Promise<void> | undefined;
  const seed = () => (seeded ??= seedEmulator(emulator, options.count));
  for (const kind of options.stores) await benchStore(kind, emulator, seed);
} finally {
  await emulator.close();
}
