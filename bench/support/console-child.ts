// Child-process entry: the console (the real BFF) on its own event loop and store, as in production,
// with a bare SQL route beside it as the index page's baseline. Store kind in PLAT_BENCH_STORE,
// upstream in PLAT_BENCH_UPSTREAM_URL (the `…/v2` root) and PLAT_BENCH_UPSTREAM_KEY; the role its
// session has in PLAT_BENCH_ROLE (support unless set). With PLAT_BENCH_WALLET_SEED and
// PLAT_BENCH_HORIZON_URL it pays rewards, with its reward worker and batch runner running as
// `npm start` runs them (batch concurrency PLAT_BENCH_BATCH_CONCURRENCY, else the default), and its
// webhook delivery. Like
// `npm start`, it vacuums an embedded store.
// Tells its parent where both listen, then answers calls (child-rpc.ts) until killed. It runs bundled,
// without tsx, as `npm start` runs the console (child-process.ts, `built`).
import './exit-with-parent.ts';
import { setTimeout } from 'node:timers/promises';
import { Hono } from 'hono';
import { systemClock } from '../../bff/src/clock.ts';
import type { Role } from '../../bff/src/domain/roles.ts';
import { createLogger } from '../../bff/src/logger.ts';
import { openAppChain } from '../../bff/src/app/app-chain.ts';
import { paymentPageSchema } from '../../bff/src/payments/payment-routes.ts';
import { queryPayments } from '../../bff/src/payments/payment-query.ts';
import { embeddedVacuumFor } from '../../bff/src/store/embedded-vacuum.ts';
import type { NewEndpoint } from '../../bff/src/webhooks/webhook-input.ts';
import { startBenchBff } from './bench-bff.ts';
import { openBenchStore, type Statement } from './bench-store.ts';
import { serveCalls } from './child-rpc.ts';
import { listen } from '../../tests/support/listen.ts';
import type { StoreKind } from './options.ts';

export interface ConsoleReady {
  origin: string;
  bareSqlOrigin: string;
  where: string;
  cookie: string;
  /** An API key of the app's backend, with the ingest and reward scopes. */
  apiKey: string;
}

const env = process.env;
const RELEASE_PAUSE_MS = 200;
const RELEASE_ROUNDS = 10;
const RELEASE_SETTLED_BYTES = 2 ** 20;
const kind = env.PLAT_BENCH_STORE as StoreKind;
const bench = await openBenchStore(kind, { count: 0, keep: false });
const chain = env.PLAT_BENCH_WALLET_SEED && env.PLAT_BENCH_HORIZON_URL ? openAppChain({ horizonUrl: env.PLAT_BENCH_HORIZON_URL, walletSeed: env.PLAT_BENCH_WALLET_SEED, timeoutMs: 10_000 }) : undefined;
const rewardChain = chain?.rewardChain;
const bff = await startBenchBff(
  bench.store,
  { url: env.PLAT_BENCH_UPSTREAM_URL ?? '', key: env.PLAT_BENCH_UPSTREAM_KEY ?? '' },
  { role: (env.PLAT_BENCH_ROLE as Role | undefined) ?? 'support', rewardChain, batchConcurrency: env.PLAT_BENCH_BATCH_CONCURRENCY ? Number(env.PLAT_BENCH_BATCH_CONCURRENCY) : undefined },
);
const vacuum = embeddedVacuumFor(bench.store, createLogger({ level: 'warn' }));
vacuum?.start();
if (rewardChain) {
  await bff.services.rewardWorker.start();
  await bff.services.batchRunner.start();
  await bff.services.webhookEngine.start();
}
const { secret: apiKey } = await bff.services.apiKeys.create({ name: 'bench', scopes: ['ingest', 'rewards:write', 'rewards:read'] }, { actor: null, clientIp: null, requestId: null });
const server = await listen(bff.app.fetch);

// The statement the console sends for the index page, served by a bare route on the store's own client.
let indexPage: Statement | null = null;
const bareSql = new Hono().get('/payments', async (c) => {
  if (!indexPage) return c.text('no statement captured yet', 500);
  return c.json({ payments: await bench.query(indexPage.text, indexPage.params) });
});
const bareSqlServer = await listen(bareSql.fetch);

serveCalls({
  /** Indexes these payments as an import would. */
  index: async (ids: string[]) => {
    await bff.services.paymentImporter.runAll(ids, 'import');
    await bff.services.paymentIndex.analyze();
  },
  /** Captures the statement behind `GET /api/payments?<query>` for the bare SQL route. */
  captureIndexPage: async (query: string) => {
    const parsed = paymentPageSchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const [statement] = await bench.capture((db) => queryPayments(db, systemClock, parsed));
    if (!statement) throw new Error('the index page sent no statement');
    indexPage = statement;
  },
  /** A webhook endpoint an admin added: its URL and the event types it wants. */
  addWebhookEndpoint: async (input: NewEndpoint) => (await bff.services.webhookEndpoints.create(input, { actor: null, clientIp: null, requestId: null })).endpoint.id,
  rss: () => process.memoryUsage().rss,
  /** CPU time the process has used so far (all its threads), in ms. */
  cpuMs: () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  },
  /**
   * RSS once full garbage collections stop lowering it: what the console holds on to. V8 hands freed
   * pages back on a background thread and the allocator frees native buffers as their owners are
   * collected, so RSS read at once after one collection still counts memory about to go.
   */
  retainedRss: async () => {
    const collect = (globalThis as { gc?: () => void }).gc;
    if (!collect) throw new Error('the console process runs without --expose-gc');
    let rss = Infinity;
    for (let round = 0; round < RELEASE_ROUNDS; round++) {
      collect();
      await setTimeout(RELEASE_PAUSE_MS);
      const now = process.memoryUsage().rss;
      if (rss - now < RELEASE_SETTLED_BYTES) return Math.min(rss, now);
      rss = now;
    }
    return rss;
  },
  settled: () => bff.services.backgroundWrites.settled(),
});
process.send?.({ origin: server.origin, bareSqlOrigin: bareSqlServer.origin, where: bench.where, cookie: bff.cookie, apiKey } satisfies ConsoleReady);
process.once('SIGTERM', () => {
  void (async () => {
    await server.close();
    await bareSqlServer.close();
    await bff.services.webhookEngine.stop();
    await bff.services.batchRunner.stop();
    await bff.services.rewardWorker.stop();
    await vacuum?.stop();
    await bff.close();
    await chain?.close();
    await bench.close();
    process.exit(0);
  })();
});
