import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newConsoleDataDir } from '../../support/test-store.ts';

export interface RunningConsole {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the console exactly as `npm start` does, on a free loopback port, and waits until it is ready.
 * Its data directory is as a first start leaves it (made from the run's template, without initdb's
 * seconds), or empty with `firstStart`, for the tests of a first start itself.
 */
export async function startConsole(env: NodeJS.ProcessEnv = {}, { firstStart = false, readyWithinMs = 90_000 } = {}): Promise<RunningConsole> {
  const port = await freePort();
  const dataDir = firstStart ? mkdtempSync(path.join(tmpdir(), 'plat-console-data-')) : await newConsoleDataDir();
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    // Ledgers a little faster than the network's 5 s, so that a test pays a few rewards in seconds at the same rules.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), PLAT_DATA_DIR: dataDir, LOG_LEVEL: 'warn', PLAT_EMULATOR_LEDGER_CLOSE_MS: '250', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`console not ready within ${readyWithinMs} ms:\n${output}`)), readyWithinMs);
    const check = () => {
      const match = /ready at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`console exited with ${code}:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, output: () => output, stop };
}
