import { CliConfigError, readCliConfig } from './cli-config.ts';
import type { CliConfig } from './cli-config.ts';
import { startEmulator } from './emulator.ts';

function fail(message: string): never {
  console.error(`emulator: ${message}`);
  process.exit(1);
}

function readConfig(): CliConfig {
  try {
    return readCliConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof CliConfigError) fail(error.message);
    throw error;
  }
}

const { port, host, key, walletSeed, ledgerCloseMs } = readConfig();

try {
  const emulator = await startEmulator({ port, host, key, walletSeed, demoData: true, chain: { ledgerCloseMs } });
  // A test tool: it prints the app wallet's seed so any client can pay through its Horizon.
  console.log(`Plat Platform API emulator at ${emulator.url}`);
  console.log(`  Horizon:     ${emulator.horizonUrl} (a ledger ${ledgerCloseMs === 0 ? 'per transaction' : `every ${ledgerCloseMs} ms`})`);
  console.log(`  server key:  ${emulator.key}`);
  console.log(`  wallet seed: ${emulator.appWallet.seed}`);
  console.log(`  app wallet:  ${emulator.appWallet.address}`);
  console.log(`  demo users:  ${emulator.demo.users.map((user) => user.username).join(', ')}`);
  const stop = (): void => {
    void emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  fail(`cannot start: ${(err as Error).message}`);
}
