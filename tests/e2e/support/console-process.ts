import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../support/node-process.ts';
import { newConsoleDataDir } from '../../support/test-store.ts';

export interface RunningConsole {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the console exactly as `npm start` does, on a free loopback port, and waits until it is ready.
 * Its data directory is as a first start leaves it (made from the run's template, without initdb's
 * seconds), or empty with `firstStart`, for the tests of a first start itself.
 */
export async function startConsole(env: NodeJS.ProcessEnv = {}, { firstStart = false, readyWithinMs = 90_000 } = {}): Promise<RunningConsole> {
  const dataDir = firstStart ? mkdtempSync(path.join(tmpdir(), 'plat-console-data-')) : await newConsoleDataDir();
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  // Ledgers a little faster than the network's 5 s, so that a test pays a few rewards in seconds at the same rules.
  const server = await startServer(['scripts/start.mjs'], { PLAT_DATA_DIR: dataDir, PLAT_EMULATOR_LEDGER_CLOSE_MS: '250', ...env }, readyWithinMs).catch((error: unknown) => {
    removeData();
    throw error;
  });
  return {
    url: server.url,
    output: server.output,
    stop: async () => {
      await server.stop();
      removeData();
    },
  };
}
