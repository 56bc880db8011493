import { afterAll, beforeAll } from 'vitest';
import type { NetworkConfig } from '../../emulator/src/config.ts';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator.ts';
import { startBff, startWalletConsole, type BffProcess, type StaffClient } from './bff-process.ts';
import type { StoreKind } from './test-store.ts';

export interface KillableConsole {
  readonly emulator: RunningEmulator;
  /** The first admin, signed in to the console process running now. */
  readonly admin: StaffClient;
  /** The console process running now, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** What the console process running now printed. */
  output(): string;
  /** The console's environment: its store's place (PLAT_DATA_DIR or DATABASE_URL) among it. */
  readonly env: NodeJS.ProcessEnv;
  /** kill -9 of the console process. */
  kill(): Promise<void>;
  /** SIGTERM to the console process (its graceful stop), answered with how it ended. */
  terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Starts the console again on the same store and upstream, the admin's session carried over. */
  restart(): Promise<void>;
}

/**
 * At a ledger clock, how long the console waits for a submission's answer: longer than the emulated
 * Horizon's own wait, as in production, and longer than any call a crash test holds in flight, so that
 * a held submission is still in flight, not timed out and sent again, when the test kills the console.
 */
const PACED_SUBMIT_TIMEOUT_MS = 15_000;

/**
 * For one test file (or `describe`): an emulator (at the chain's pace `network`, by default a ledger
 * per transaction) and a console process paying with its app wallet on a fresh store of `kind`, for
 * the crash tests; stopped and thrown away afterwards.
 */
export function useKillableConsole(kind: StoreKind, admin: { email: string; password: string }, platformTimeoutMs: number, network?: Partial<NetworkConfig>): KillableConsole {
  let emulator: RunningEmulator | undefined;
  let env: NodeJS.ProcessEnv = {};
  let bff: BffProcess | undefined;
  let client: StaffClient | undefined;
  let drop: () => Promise<void> = async () => {};
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the console has not started');
    return value;
  };

  beforeAll(async () => {
    emulator = await startEmulator(network ? { chain: network } : {});
    const moreEnv = network ? { PLAT_HORIZON_SUBMIT_TIMEOUT_MS: String(Math.max(PACED_SUBMIT_TIMEOUT_MS, (network.horizonSubmitTimeoutMs ?? 0) + 1_000)) } : {};
    ({ env, bff, client, drop } = await startWalletConsole(kind, emulator, admin, platformTimeoutMs, moreEnv));
  }, 90_000);
  afterAll(async () => {
    await bff?.stop();
    await emulator?.close();
    await drop();
  }, 30_000);

  return {
    get emulator() {
      return started(emulator);
    },
    get admin() {
      return started(client);
    },
    get env() {
      return env;
    },
    get url() {
      return started(bff).url;
    },
    output: () => bff?.output() ?? '',
    kill: () => started(bff).kill(),
    terminate: async () => {
      const running = started(bff);
      running.send('SIGTERM');
      return running.exited;
    },
    restart: async () => {
      bff = await startBff(env);
      client = started(client).at(bff.url);
    },
  };
}
