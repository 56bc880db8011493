import { startBenchChild } from './child-process.ts';
import { callerOf } from './child-rpc.ts';
import type { ConsoleReady } from './console-child.ts';
import type { StoreKind } from './options.ts';

export interface ConsoleProcess extends ConsoleReady {
  /** Indexes these payments (fetched from the upstream, as an import). */
  index(ids: string[]): Promise<void>;
  /** Makes the bare SQL route serve the statement behind `GET /api/payments?<query>`. */
  captureIndexPage(query: string): Promise<void>;
  /** The console process's resident set size, in bytes. */
  rss(): Promise<number>;
  /** Its resident set size after a full garbage collection: memory held, not garbage not yet collected. */
  retainedRss(): Promise<number>;
  /** Resolves once the writes queued after answers are done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the console in a child process on a store of this kind, with `--cpu-prof` into `profileDir` when given. */
export async function startConsoleProcess(kind: StoreKind, upstream: { url: string; key: string }, profileDir?: string): Promise<ConsoleProcess> {
  const env = { PLAT_BENCH_STORE: kind, PLAT_BENCH_UPSTREAM_URL: upstream.url, PLAT_BENCH_UPSTREAM_KEY: upstream.key };
  const execArgv = ['--expose-gc', ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [])];
  const { child, ready, close } = await startBenchChild<ConsoleReady>(new URL('./console-child.ts', import.meta.url), env, execArgv);
  const call = callerOf(child);
  return {
    ...ready,
    index: (ids) => call('index', ids),
    captureIndexPage: (query) => call('captureIndexPage', query),
    rss: () => call<number>('rss'),
    retainedRss: () => call<number>('retainedRss'),
    settled: () => call('settled'),
    close,
  };
}
