import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { RunningEmulator } from '../../emulator/src/emulator.ts';
import { CONSOLE_NODE_ARGS, consoleEnv } from '../../scripts/console-runtime.mjs';
import { buildServer } from '../../scripts/server-build.mjs';
import { SECRETS_KEY_BYTES } from '../../bff/src/secret-sealer.ts';
import { startServer, type ServerProcess } from './node-process.ts';
import { consoleStoreEnv, type StoreKind } from './test-store.ts';

export type BffProcess = ServerProcess;

let built: Promise<string> | undefined;

/**
 * The BFF bundled into plain JavaScript as `npm start` bundles it, once per worker: under tsx each
 * start compiled every module of the BFF again (2 to 3 times the start's CPU time), and the crash
 * tests start a console process a few dozen times.
 */
function builtBff(): Promise<string> {
  built ??= buildServer('bff/src/app/server.ts', '.data/test-build/bff.mjs');
  return built;
}

/** The BFF as its own process (`bff/src/app/server.ts` as `npm start` runs it, no SPA build), on a free loopback port, once it is ready. */
export async function startBff(env: NodeJS.ProcessEnv, readyWithinMs = 60_000): Promise<BffProcess> {
  return startServer([...CONSOLE_NODE_ARGS, await builtBff()], consoleEnv({ PLAT_REFRESH_PER_MINUTE: '0', ...env }), readyWithinMs);
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
    PLAT_SECRETS_KEY: randomBytes(SECRETS_KEY_BYTES).toString('base64'),
  };
  const bff = await startBff(env);
  return { env, bff, client: await StaffClient.signIn(bff.url, admin.email, admin.password), drop: store.drop };
}

/** Two console processes on one fresh PostgreSQL schema, paying from the emulator's app wallet; `db` reads the store they share. */
export interface TwoWalletConsoles {
  first: BffProcess;
  second: BffProcess;
  /** The admin, signed in on the first. */
  admin: StaffClient;
  db: pg.Client;
  close(): Promise<void>;
}

export async function startTwoWalletConsoles(emulator: RunningEmulator, admin: { email: string; password: string }, platformTimeoutMs: number): Promise<TwoWalletConsoles> {
  const started = await startWalletConsole('postgres', emulator, admin, platformTimeoutMs);
  const second = await startBff(started.env);
  const db = new pg.Client({ connectionString: started.env.DATABASE_URL });
  await db.connect();
  return {
    first: started.bff,
    second,
    admin: started.client,
    db,
    close: async () => {
      await db.end();
      await second.stop();
      await started.bff.stop();
      await started.drop();
    },
  };
}
