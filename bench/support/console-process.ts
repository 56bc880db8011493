import { mkdirSync } from 'node:fs';
import { startBenchChild } from './child-process.ts';
import { callerOf } from './child-rpc.ts';
import type { Role } from '../../bff/src/domain/roles.ts';
import type { NewEndpoint } from '../../bff/src/webhooks/webhook-input.ts';
import type { ConsoleReady } from './console-child.ts';
import type { StoreKind } from './options.ts';

export interface ConsoleProcess extends ConsoleReady {
  /** Indexes these payments (fetched from the upstream, as an import). */
  index(ids: string[]): Promise<void>;
  /** Makes the bare SQL route serve the statement behind `GET /api/payments?<query>`. */
  captureIndexPage(query: string): Promise<void>;
  /** Adds a webhook endpoint as an admin would; answers its id. */
  addWebhookEndpoint(input: NewEndpoint): Promise<string>;
  /** The console process's resident set size, in bytes. */
  rss(): Promise<number>;
  /** CPU time the console process has used so far (all its threads), in ms. */
  cpuMs(): Promise<number>;
  /** Its resident set size once full garbage collections stop lowering it: memory held, not garbage not yet collected. */
  retainedRss(): Promise<number>;
  /** The highest RSS the console process reaches while `work` runs, sampled every 100 ms. */
  peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakRss: number; rssBefore: number }>;
  /** Resolves once the writes queued after answers are done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface ConsoleOptions {
  /** `node --cpu-prof` into this directory. */
  profileDir?: string | undefined;
  /** The role of the session whose cookie the console hands back (support unless said). */
  role?: Role;
  /** The app wallet: the console then pays rewards, its reward worker and batch runner running. */
  wallet?: { seed: string; horizonUrl: string };
  batchConcurrency?: number;
}

/** Starts the console in a child process on a store of this kind. */
export async function startConsoleProcess(kind: StoreKind, upstream: { url: string; key: string }, options: ConsoleOptions = {}): Promise<ConsoleProcess> {
  const env: Record<string, string> = { PLAT_BENCH_STORE: kind, PLAT_BENCH_UPSTREAM_URL: upstream.url, PLAT_BENCH_UPSTREAM_KEY: upstream.key, PLAT_BENCH_ROLE: options.role ?? 'support' };
  if (options.wallet) Object.assign(env, { PLAT_BENCH_WALLET_SEED: options.wallet.seed, PLAT_BENCH_HORIZON_URL: options.wallet.horizonUrl });
  if (options.batchConcurrency) env.PLAT_BENCH_BATCH_CONCURRENCY = String(options.batchConcurrency);
  const { profileDir } = options;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const execArgv = ['--expose-gc', ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [])];
  const { child, ready, close } = await startBenchChild<ConsoleReady>(new URL('./console-child.ts', import.meta.url), { env, execArgv, built: true });
  const call = callerOf(child);
  return {
    ...ready,
    index: (ids) => call('index', ids),
    captureIndexPage: (query) => call('captureIndexPage', query),
    addWebhookEndpoint: (input) => call<string>('addWebhookEndpoint', input),
    rss: () => call<number>('rss'),
    retainedRss: () => call<number>('retainedRss'),
    cpuMs: () => call<number>('cpuMs'),
    peakRssDuring: async (work) => {
      const rssBefore = await call<number>('rss');
      let peakRss = rssBefore;
      const sample = () => call<number>('rss').then((rss) => (peakRss = Math.max(peakRss, rss)));
      const sampler = setInterval(() => void sample(), 100);
      try {
        const result = await work();
        await sample();
        return { result, peakRss, rssBefore };
      } finally {
        clearInterval(sampler);
      }
    },
    settled: () => call('settled'),
    close,
  };
}
