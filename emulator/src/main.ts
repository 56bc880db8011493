import { parseArgs } from 'node:util';
import { startEmulator } from './emulator.ts';

const USAGE = 'usage: npm run emulator -- [--port <0-65535>] [--host <address>]';

function fail(message: string): never {
  console.error(`emulator: ${message}`);
  process.exit(1);
}

function readOptions(): { port: number; host: string } {
  let values: { port?: string | undefined; host?: string | undefined };
  try {
    ({ values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    fail(`${(err as Error).message} (${USAGE})`);
  }
  const portText = values.port ?? '8788';
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) fail(`--port must be an integer from 0 to 65535 (${USAGE})`);
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') fail(`--host must not be empty (${USAGE})`);
  return { port, host };
}

const { port, host } = readOptions();
const key = process.env.PLAT_EMULATOR_KEY;
if (key !== undefined && !/^\S+$/.test(key)) fail('PLAT_EMULATOR_KEY must be non-empty and contain no whitespace');

try {
  const emulator = await startEmulator({ port, host, key, demoData: true });
  console.log(`Plat Platform API emulator at ${emulator.url}`);
  console.log(`  server key:  ${emulator.key}`);
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
