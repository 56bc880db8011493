import { mapConcurrent } from '../../bff/src/concurrency.ts';
import { startBenchChild } from './child-process.ts';

export interface EmulatorProcess {
  origin: string;
  /** The versioned root the BFF talks to, `…/v2`. */
  url: string;
  horizonUrl: string;
  key: string;
  /** Calls the control API (`/__control…`). */
  control<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export interface EmulatorProcessOptions {
  walletSeed?: string;
  /** A ledger closes every this many ms; 0 (the default) closes one at once for every transaction. */
  ledgerCloseMs?: number;
}

/** Starts the emulator in a child process on 127.0.0.1 (with this app wallet when given) and waits until it listens. */
export async function startEmulatorProcess(options: EmulatorProcessOptions = {}): Promise<EmulatorProcess> {
  // Always set, so that a pace in the caller's environment never reaches another benchmark's emulator.
  const env: Record<string, string> = { PLAT_BENCH_LEDGER_CLOSE_MS: String(options.ledgerCloseMs ?? 0) };
  if (options.walletSeed) env.PLAT_EMULATOR_WALLET_SEED = options.walletSeed;
  const { ready: where, close } = await startBenchChild<{ origin: string; url: string; horizonUrl: string; key: string }>(new URL('./emulator-child.ts', import.meta.url), { env });
  return {
    ...where,
    control: async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${where.origin}/__control${path}`, {
        method,
        headers: { authorization: `Key ${where.key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`control ${method} ${path} → ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    close,
  };
}

/** `n` new users of the emulator (with every scope), 8 requests at a time; answers their uids. */
export async function newUsers(emulator: EmulatorProcess, n: number): Promise<string[]> {
  const uids: string[] = [];
  for await (const user of mapConcurrent(Array.from({ length: n }), 8, () => emulator.control<{ uid: string }>('POST', '/users', {}))) uids.push(user.uid);
  return uids;
}

/** `ms` of latency on every Platform API and Horizon route, as a remote platform would add. */
export async function injectUpstreamLatency(emulator: EmulatorProcess, ms: number): Promise<void> {
  await emulator.control('PUT', '/faults', {
    faults: [
      { route: '/v2/**', kind: 'latency', latencyMs: ms },
      { route: '/horizon/**', kind: 'latency', latencyMs: ms },
    ],
  });
}

/** The emulated network's latest closed ledger, as Horizon's root shows it. */
export async function latestLedger(emulator: EmulatorProcess): Promise<number> {
  const response = await fetch(emulator.horizonUrl);
  if (!response.ok) throw new Error(`Horizon's root → ${response.status} ${await response.text()}`);
  return ((await response.json()) as { core_latest_ledger: number }).core_latest_ledger;
}
