import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { PlatformClient } from './platform/platform-client.ts';

const STATIC_DIR = fileURLToPath(new URL('../../dist/dashboard', import.meta.url));
const SHUTDOWN_GRACE_MS = 5_000;

interface Upstream {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

/** Sandbox mode starts the bundled emulator; the rest of the BFF only ever sees a URL and a key. */
async function openUpstream(config: Config): Promise<Upstream> {
  if (config.platform) return { ...config.platform, close: async () => {} };
  const { startEmulator } = await import('../../emulator/src/emulator.ts');
  const emulator = await startEmulator({ demoData: true });
  return { url: emulator.url, apiKey: emulator.key, close: () => emulator.close() };
}

function listen(app: ReturnType<typeof createApp>, config: Config): Promise<{ server: ServerType; url: string }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({ server, url: `http://${host}:${info.port}` });
    });
    server.once('error', reject);
  });
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`plat-console: configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const upstream = await openUpstream(config);
  const secrets = [upstream.apiKey, config.walletSeed].filter((value): value is string => value !== null);
  const logger = createLogger({ level: config.logLevel, secrets });
  const platform = new PlatformClient({ baseUrl: upstream.url, apiKey: upstream.apiKey, timeoutMs: config.platformTimeoutMs });
  const app = createApp({ mode: config.mode, platform, logger, staticDir: STATIC_DIR });

  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    listening = await listen(app, config);
  } catch (error) {
    process.stderr.write(`plat-console: cannot listen on ${config.host}:${config.port}: ${(error as Error).message}\n`);
    await upstream.close();
    process.exit(1);
  }

  const banner = config.mode === 'sandbox' ? ' (sandbox: bundled Platform API emulator)' : '';
  process.stdout.write(`Plat Console${banner} ready at ${listening.url}\n`);
  logger.info('started', { mode: config.mode, url: listening.url });

  onShutdown(logger, async () => {
    await new Promise<void>((resolve) => listening.server.close(() => resolve()));
    await platform.close();
    await upstream.close();
  });
}

function onShutdown(logger: Logger, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info('shutting down', { signal });
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

await main();
