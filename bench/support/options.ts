import { parseArgs } from 'node:util';

export type StoreKind = 'pglite' | 'postgres';

export interface BenchOptions {
  /** Payments in the index (payments-query). */
  count: number;
  stores: StoreKind[];
  /** Keep the filled index for the next run (PGlite data dir under .data/, or a kept PostgreSQL schema). */
  keep: boolean;
  /** Timed requests per query shape or per side. */
  requests: number;
  /** Rows of the batch (reward-batch, ledger-pace; 0 in a benchmark without a batch). */
  rows: number;
  /** Print EXPLAIN ANALYZE of every query shape, not only of those that miss the target. */
  explain: boolean;
  /** Run ANALYZE after the import (default); `--no-analyze` measures the planner without fresh statistics. */
  analyze: boolean;
  /** Seconds of load per measured run (throughput). */
  duration: number;
  /** Seconds of the soak after which the console's memory is compared (throughput). */
  soakSeconds: number;
  /** Times every load is measured; the best is shown (throughput). */
  rounds: number;
  /** Write a CPU profile of the console process into this directory (throughput). */
  cpuProf: string | null;
}

const USAGE = 'options: [--count N] [--store pglite|postgres|both] [--keep] [--requests N] [--rows N] [--explain] [--no-analyze] [--duration S] [--soak-seconds S] [--rounds N] [--cpu-prof DIR]';

/** The PostgreSQL server benchmarks may create a schema in, if any. */
export const postgresUrl = process.env.PLAT_BENCH_DATABASE_URL ?? process.env.PLAT_TEST_DATABASE_URL;

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer (${USAGE})`);
  return value;
}

/** A benchmark's own defaults; `rows` only where it pays a batch. */
export interface BenchDefaults {
  requests: number;
  /** The benchmark's own `--count` default (1,000,000 unless given). */
  count?: number;
  rows?: number;
}

/** The options every benchmark accepts (each uses those that concern it); unknown options are refused. */
export function readOptions(defaults: BenchDefaults): BenchOptions {
  try {
    return parseOptions(defaults);
  } catch (error) {
    console.error(`bench: ${(error as Error).message}`);
    process.exit(2);
  }
}

function parseOptions(defaults: BenchDefaults): BenchOptions {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      store: { type: 'string' },
      keep: { type: 'boolean', default: false },
      requests: { type: 'string' },
      rows: { type: 'string' },
      explain: { type: 'boolean', default: false },
      'no-analyze': { type: 'boolean', default: false },
      duration: { type: 'string' },
      'soak-seconds': { type: 'string' },
      rounds: { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const store = values.store ?? (postgresUrl ? 'both' : 'pglite');
  if (!['pglite', 'postgres', 'both'].includes(store)) throw new Error(`--store must be pglite, postgres or both (${USAGE})`);
  const stores: StoreKind[] = store === 'both' ? ['pglite', 'postgres'] : [store as StoreKind];
  if (stores.includes('postgres') && !postgresUrl) throw new Error('--store postgres needs PLAT_BENCH_DATABASE_URL or PLAT_TEST_DATABASE_URL');
  return {
    count: positiveInteger('count', values.count, defaults.count ?? 1_000_000),
    stores,
    keep: values.keep,
    requests: positiveInteger('requests', values.requests, defaults.requests),
    rows: positiveInteger('rows', values.rows, defaults.rows ?? 0),
    explain: values.explain,
    analyze: !values['no-analyze'],
    duration: positiveInteger('duration', values.duration, 10),
    soakSeconds: positiveInteger('soak-seconds', values['soak-seconds'], 60),
    rounds: positiveInteger('rounds', values.rounds, 2),
    cpuProf: values['cpu-prof'] ?? null,
  };
}
