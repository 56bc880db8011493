import { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { onStopSignals, stopBackgroundWork, stopGracefully } from './graceful-stop.ts';
import { bootstrapStaff, type BootstrapReport } from './bootstrap-staff.ts';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createLogger, type Logger } from '../logger.ts';
import { PaymentRefresher } from '../payments/payment-refresher.ts';
import { PlatformClient } from '../platform/platform-client.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { openAppChain } from './app-chain.ts';
import { createServices } from './services.ts';
import { openStore, type Store } from '../store/database.ts';
import { serveBackups } from '../store/backup-socket.ts';
import { DirectoryLockedError } from '../store/directory-lock.ts';
import { embeddedVacuumFor } from '../store/embedded-vacuum.ts';
import { resealStoredSecrets, SecretsKeyMissingError } from '../store/sealed-secrets.ts';
import { SecretSealer, UnknownSealingKeyError } from '../secret-sealer.ts';
import { ConsoleMetrics } from '../metrics/console-metrics.ts';
import { listenMetrics, type MetricsListener } from '../metrics/metrics-listener.ts';
import { storeReadings } from '../metrics/store-readings.ts';

const STATIC_DIR = path.join(PROJECT_ROOT, 'dist/dashboard');

interface Upstream {
  url: string;
  apiKey: string;
  /** Sandbox only: the emulator's demo payments, indexed at start so the Payments page is not empty. */
  demoPaymentIds: string[];
  /** Sandbox only: the emulator's demo ads (one in each status), printed so staff can try the Ads page. */
  demoAdIds: string[];
  /** Where reward transactions are signed and sent; null in live mode without PLAT_WALLET_SEED. */
  wallet: { horizonUrl: string; seed: string } | null;
  close(): Promise<void>;
}

/** Stops the process with one line and no stack trace: for problems of configuration or environment. */
function fail(message: string): never {
  process.stderr.write(`plat-console: ${message}\n`);
  process.exit(1);
}

/** Sandbox mode starts the bundled emulator; the rest of the BFF only ever sees a URL and a key. */
async function openUpstream(config: Config): Promise<Upstream> {
  if (config.platform) {
    const wallet = config.walletSeed && config.horizonUrl ? { horizonUrl: config.horizonUrl, seed: config.walletSeed } : null;
    return { ...config.platform, demoPaymentIds: [], demoAdIds: [], wallet, close: async () => {} };
  }
  const { startEmulator } = await import('../../../emulator/src/emulator.ts');
  const emulator = await startEmulator({ demoData: true, chain: { ledgerCloseMs: config.sandboxLedgerCloseMs } });
  return {
    url: emulator.url,
    apiKey: emulator.key,
    demoPaymentIds: emulator.demo.paymentIds,
    demoAdIds: emulator.demo.adIds,
    // Handed over in-process like the key: the sandbox pays rewards through the emulator's Horizon.
    wallet: { horizonUrl: emulator.horizonUrl, seed: emulator.appWallet.seed },
    close: () => emulator.close(),
  };
}

async function openConfiguredStore(config: Config): Promise<Store> {
  try {
    return config.databaseUrl ? await openStore({ kind: 'postgres', url: config.databaseUrl }) : await openStore({ kind: 'pglite', dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DirectoryLockedError) fail(`cannot open the store: ${error.message}`);
    fail(`cannot open the store (${config.databaseUrl ? 'DATABASE_URL' : `PLAT_DATA_DIR=${config.dataDir}`}): ${(error as Error).message}`);
  }
}

/** Every sealed secret must open with the keys given; those under an earlier key are sealed under the current one. */
async function resealSecretsOrFail(store: Store, sealer: SecretSealer, logger: Logger): Promise<void> {
  try {
    const resealed = await resealStoredSecrets(store.db, sealer);
    if (resealed > 0) logger.info('secrets sealed again under the current PLAT_SECRETS_KEY; the earlier key may now be removed', { resealed });
  } catch (error) {
    await store.close();
    if (error instanceof SecretsKeyMissingError || error instanceof UnknownSealingKeyError) fail(`cannot start: ${error.message}`);
    throw error;
  }
}

function listen(app: ReturnType<typeof createApp>, config: Config): Promise<{ server: Server; url: string }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      if (server instanceof Server) resolve({ server, url: `http://${host}:${info.port}` });
      else reject(new Error('not an HTTP/1 server'));
    });
    server.once('error', reject);
  });
}

function printAccess(report: BootstrapReport, baseUrl: string, demoAdIds: string[]): void {
  const lines: string[] = [];
  if (demoAdIds.length > 0) lines.push(`Sandbox ad ids to try on the Ads page: ${demoAdIds.join(' ')}`);
  if (report.sandbox) {
    const source = report.sandbox.generated ? 'generated for this run; set PLAT_SANDBOX_PASSWORD to choose one' : 'from PLAT_SANDBOX_PASSWORD';
    lines.push(`Sandbox staff: ${report.sandbox.emails.join(', ')}`, `Sandbox password (${source}): ${report.sandbox.password}`);
  }
  if (report.adminCreated) lines.push(`First admin created: ${report.adminCreated}`);
  if (report.firstAdminSetupPath) lines.push(`No staff yet. Set up the first admin within 24 h: ${baseUrl}${report.firstAdminSetupPath}`);
  if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(`configuration error: ${error.message}`);
    throw error;
  }

  const store = await openConfiguredStore(config);
  const upstream = await openUpstream(config);
  const secrets = [upstream.apiKey, upstream.wallet?.seed ?? null, config.walletSeed, config.adminPassword, config.sandboxPassword, ...[config.secretsKeys.current, ...config.secretsKeys.previous].map((key) => key?.toString('base64') ?? null)].filter((value): value is string => value !== null);
  const logger = createLogger({ level: config.logLevel, secrets });
  logUncaughtErrors(logger);
  if (store.kind === 'pglite' && config.mode === 'live' && upstream.wallet) {
    logger.warn('this console pays rewards from an embedded store (PGlite), which a power loss or a crash of the machine can leave without its last commits; run it on PostgreSQL (DATABASE_URL)', { dataDir: config.dataDir });
  }
  const metrics = config.metrics ? new ConsoleMetrics() : null;
  const observer = metrics?.observers.upstream;
  const platform = new PlatformClient({ baseUrl: upstream.url, apiKey: upstream.apiKey, timeoutMs: config.platformTimeoutMs, observer });
  const chain = upstream.wallet ? openAppChain({ horizonUrl: upstream.wallet.horizonUrl, walletSeed: upstream.wallet.seed, timeoutMs: config.platformTimeoutMs, submitTimeoutMs: config.horizonSubmitTimeoutMs, observer }) : null;
  const sealer = new SecretSealer(config.secretsKeys);
  await resealSecretsOrFail(store, sealer, logger);
  const stopping = new AbortController();
  const services = createServices({ stopping: stopping.signal, mode: config.mode, publicUrl: config.publicUrl, store, clock: systemClock, logger, platform, authSettings: config.auth, stuckAfterMinutes: config.stuckAfterMinutes, rewardChain: chain?.rewardChain, walletChain: chain?.wallet, observers: metrics?.observers, sealer, consoleUrl: config.publicUrl ?? `http://${config.host}:${config.port}` });
  metrics?.readFrom(storeReadings({ db: store.db, sql: store.sql, wallet: services.wallet }), logger);
  const report = await bootstrapStaff(services, config);
  await services.paymentImporter.runAll(upstream.demoPaymentIds, 'sandbox_demo');
  const refresher = new PaymentRefresher({ db: store.db, importer: services.paymentImporter, logger, perMinute: config.refreshPerMinute });
  const vacuum = embeddedVacuumFor(store, logger);
  const app = createApp({ mode: config.mode, logger, services, staticDir: STATIC_DIR });

  const stopOthers = async () => {
    await refresher.stop();
    await vacuum?.stop();
  };
  let backups: Awaited<ReturnType<typeof serveBackups>> = null;
  let metricsListener: MetricsListener | null = null;
  const close = async () => {
    await metricsListener?.close();
    await backups?.close();
    await platform.close();
    await chain?.close();
    await upstream.close();
    await store.close();
  };

  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    listening = await listen(app, config);
  } catch (error) {
    await Promise.all([stopBackgroundWork(services), stopOthers()]);
    await close();
    fail(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }

  // `npm run backup` on an embedded store asks this process, which holds the store open.
  if (store.backup) backups = await serveBackups(config.dataDir, store.backup, logger);
  if (metrics && config.metrics) {
    try {
      metricsListener = await listenMetrics(metrics, config.metrics);
    } catch (error) {
      listening.server.close();
      await Promise.all([stopBackgroundWork(services), stopOthers()]);
      await close();
      fail(`cannot listen for metrics on ${config.metrics.host}:${config.metrics.port} (PLAT_METRICS_HOST, PLAT_METRICS_PORT): ${(error as Error).message}`);
    }
    process.stdout.write(`Metrics for Prometheus at ${metricsListener.url}\n`);
  }
  refresher.start();
  vacuum?.start();
  await services.rewardWorker.start();
  await services.batchRunner.start();
  await services.reconciliation.start();
  await services.eventWatch.start();
  await services.webhookEngine.start();
  void services.notificationFanout.start();
  services.outcomeSettler.resume().catch((error: unknown) => logger.warn('settling lost answers at start failed', { error }));
  // Only now: a signal during the start above ends the process as a crash would, which recovery points make safe.
  onStopSignals(logger, () => stopGracefully({ logger, stopping, server: listening.server, services, deadlineMs: config.stopTimeoutMs, stopOthers, close }));

  const banner = config.mode === 'sandbox' ? ' (sandbox: bundled Platform API emulator)' : '';
  process.stdout.write(`Plat Console${banner} ready at ${listening.url}\n`);
  printAccess(report, config.publicUrl ?? listening.url, upstream.demoAdIds);
  logger.info('started', { mode: config.mode, url: listening.url, store: store.kind });
}

/** Errors nobody caught go through the JSON logger (and its redaction) too, never raw to stderr. */
function logUncaughtErrors(logger: Logger): void {
  const fatal = (message: string) => (error: unknown) => {
    logger.error(message, { error });
    process.exit(1);
  };
  process.on('uncaughtException', fatal('uncaught exception'));
  process.on('unhandledRejection', fatal('unhandled rejection'));
}

await main();
