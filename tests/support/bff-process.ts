import { spawn, type ChildProcess } from 'node:child_process';
import type { RunningEmulator } from '../../emulator/src/emulator.ts';
import { freePort } from '../e2e/support/console-process.ts';
import { consoleStoreEnv, type StoreKind } from './test-store.ts';

export interface BffProcess {
  url: string;
  pid: number;
  output(): string;
  /** kill -9: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM: the console's own clean shutdown. */
  stop(): Promise<void>;
}

/** The BFF as its own process (`bff/src/app/server.ts`, no SPA build), on a free loopback port, once it is ready. */
export async function startBff(env: NodeJS.ProcessEnv, readyWithinMs = 60_000): Promise<BffProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bff/src/app/server.ts'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', PLAT_REFRESH_PER_MINUTE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`BFF not ready within ${readyWithinMs} ms:\n${output}`)), readyWithinMs);
    child.stdout?.on('data', () => {
      const match = /ready at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`BFF exited before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await signal('SIGKILL');
    throw error;
  });
  return { url, pid: child.pid ?? 0, output: () => output, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

/** A signed-in staff member's same-origin calls to a running console. */
export class StaffClient {
  private constructor(
    private readonly url: string,
    private readonly cookie: string,
  ) {}

  static async signIn(url: string, email: string, password: string): Promise<StaffClient> {
    const response = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-plat-console': '1', origin: url },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in → ${response.status} ${await response.text()}`);
    return new StaffClient(url, (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
  }

  /** Against another process of the same console (the session lives in the store). */
  at(url: string): StaffClient {
    return new StaffClient(url, this.cookie);
  }

  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method,
      headers: { 'x-plat-console': '1', origin: this.url, cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A POST of raw text (a CSV upload). */
  upload(path: string, text: string, contentType: string): Promise<Response> {
    return fetch(`${this.url}${path}`, { method: 'POST', headers: { 'x-plat-console': '1', origin: this.url, cookie: this.cookie, 'content-type': contentType }, body: text });
  }

  async json<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const response = await this.request(method, path, body, headers);
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

/**
 * A console process paying with the emulator's app wallet, on a fresh store of `kind`, with its first
 * admin signed in. `env` starts it again after a kill.
 */
export async function startWalletConsole(
  kind: StoreKind,
  emulator: RunningEmulator,
  admin: { email: string; password: string },
  platformTimeoutMs: number,
  /** More of the console's configuration (e.g. PLAT_HORIZON_SUBMIT_TIMEOUT_MS). */
  moreEnv: NodeJS.ProcessEnv = {},
): Promise<{ env: NodeJS.ProcessEnv; bff: BffProcess; client: StaffClient; drop: () => Promise<void> }> {
  const store = await consoleStoreEnv(kind);
  const env = {
    ...moreEnv,
    ...store.env,
    PLAT_API_KEY: emulator.key,
    PLAT_API_URL: emulator.url,
    PLAT_HORIZON_URL: emulator.horizonUrl,
    PLAT_WALLET_SEED: emulator.appWallet.seed,
    PLAT_API_TIMEOUT_MS: String(platformTimeoutMs),
    PLAT_ADMIN_EMAIL: admin.email,
    PLAT_ADMIN_PASSWORD: admin.password,
  };
  const bff = await startBff(env);
  return { env, bff, client: await StaffClient.signIn(bff.url, admin.email, admin.password), drop: store.drop };
}
