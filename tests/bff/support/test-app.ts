import { randomBytes } from 'node:crypto';
import { createApp } from '../../../bff/src/app/app.ts';
import { defaultAuthSettings, type AuthSettings } from '../../../bff/src/auth/auth-settings.ts';
import { bootstrapStaff } from '../../../bff/src/app/bootstrap-staff.ts';
import { stopBackgroundWork } from '../../../bff/src/app/graceful-stop.ts';
import type { Role } from '../../../bff/src/domain/roles.ts';
import type { Mode } from '../../../bff/src/config.ts';
import { createLogger, type Logger } from '../../../bff/src/logger.ts';
import { PlatformClient } from '../../../bff/src/platform/platform-client.ts';
import { openAppChain } from '../../../bff/src/app/app-chain.ts';
import { SECRETS_KEY_BYTES, SecretSealer } from '../../../bff/src/secret-sealer.ts';
import type { NetworkConfig } from '../../../emulator/src/config.ts';
import { createServices, type Services, type ServicesDeps } from '../../../bff/src/app/services.ts';
import type { Store } from '../../../bff/src/store/database.ts';
import { startEmulator, type RunningEmulator } from '../../../emulator/src/emulator.ts';
import { openTestStore, type StoreKind } from '../../support/test-store.ts';
import { TestClock } from './test-clock.ts';

export const SANDBOX_PASSWORD = 'sandbox-password-for-tests';

/** A cheap scrypt cost for the many sign-ins of the suite; passwords.test.ts checks the production cost. */
const TEST_SCRYPT = { N: 2 ** 12, r: 8, p: 1 };

export interface TestApp {
  app: ReturnType<typeof createApp>;
  store: Store;
  services: Services;
  clock: TestClock;
  emulator: RunningEmulator;
  platform: PlatformClient;
  /** A same-origin browser request, with the session cookie when given. */
  request(method: string, path: string, options?: { cookie?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  /** Signs in and answers the Cookie header value to send back. */
  signIn(email: string, password?: string): Promise<string>;
  signInAs(role: Role): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  mode?: Mode;
  /** An API key's rate (requests a second, burst); the console's own unless given. */
  keyRate?: { perSecond: number; burst: number };
  auth?: Partial<AuthSettings>;
  /** Create the sandbox demo staff (one per role, password SANDBOX_PASSWORD). Default true. */
  demoStaff?: boolean;
  /** Point the platform client elsewhere than the emulator's URL and key (readiness tests). */
  upstream?: { url?: string; apiKey?: string };
  logger?: Logger;
  /** Retries of a GET to the platform (default 0, so that fault tests see each failure). */
  getRetries?: number;
  /** Pay rewards through the emulator's Horizon with its app wallet (default: no wallet, rewards wait once created). */
  rewardChain?: boolean;
  /** The emulated chain's pace (default: a ledger at once for each transaction). */
  network?: Partial<NetworkConfig>;
  /** How long a signed transaction stays valid (default: the console's). */
  transactionLifetimeSeconds?: number;
  /** How long a request waits for its reward's drive (default: the whole drive, so that a test reads where it ended). */
  rewardAnswerWithinMs?: number;
  /** How often reconciliation runs once started (default: the console's). */
  reconcileEveryMs?: number;
  /** Start the emulator with the sandbox's demo data, as `npm start` does (default false). */
  demoData?: boolean;
  /** Batch rows paid side by side (default: the console's); 1 pays them in file order. */
  batchConcurrency?: number;
  /** PLAT_PUBLIC_URL (default unset: the sandbox's passkeys take the request's origin, http://localhost). */
  publicUrl?: string;
  /** Where the test's clock starts (default: a fixed day); Date.now() where a library checks times against the real clock. */
  clockStart?: number;
  /** The webhook engine's pace, limit and deadline (default: the console's). */
  webhooks?: ServicesDeps['webhooks'];
  /** Aborted by a test to stop the app as a signal stops the console (default: never). */
  stopping?: AbortSignal;
  /** What seals secrets at rest (default: a random key of this app's own). */
  sealer?: SecretSealer;
}

export function sessionCookieFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-plat_session='));
  if (!header) throw new Error(`no session cookie in the answer (${response.status})`);
  return header.split(';')[0] ?? '';
}

/** The real app on a real store and the real emulator; only the clock is the test's. */
export async function createTestApp(kind: StoreKind, options: TestAppOptions = {}): Promise<TestApp> {
  const clock = new TestClock(options.clockStart);
  const store = await openTestStore(kind);
  const emulator = await startEmulator({ ...(options.network ? { chain: options.network } : {}), ...(options.demoData ? { demoData: true } : {}) });
  const platform = new PlatformClient({
    baseUrl: options.upstream?.url ?? emulator.url,
    apiKey: options.upstream?.apiKey ?? emulator.key,
    timeoutMs: 2_000,
    getRetries: options.getRetries ?? 0,
  });
  const logger = options.logger ?? createLogger({ level: 'silent' });
  // A submission waits longer than the emulated Horizon's own wait, as in production.
  const submitTimeoutMs = (options.network?.horizonSubmitTimeoutMs ?? 2_000) + 1_000;
  const chain = options.rewardChain
    ? openAppChain({ horizonUrl: emulator.horizonUrl, walletSeed: emulator.appWallet.seed, timeoutMs: 2_000, submitTimeoutMs, transactionLifetimeSeconds: options.transactionLifetimeSeconds })
    : null;
  const mode = options.mode ?? 'sandbox';
  const services = createServices({
    mode,
    ...(options.keyRate ? { keyRate: options.keyRate } : {}),
    store,
    clock,
    logger,
    platform,
    authSettings: { ...defaultAuthSettings, ...options.auth },
    passwordHashing: TEST_SCRYPT,
    sealer: options.sealer ?? new SecretSealer({ current: randomBytes(SECRETS_KEY_BYTES) }),
    rewardChain: chain?.rewardChain,
    walletChain: chain?.wallet,
    rewardAnswerWithinMs: options.rewardAnswerWithinMs ?? Infinity,
    ...(options.reconcileEveryMs === undefined ? {} : { reconcileEveryMs: options.reconcileEveryMs }),
    ...(options.batchConcurrency === undefined ? {} : { batchConcurrency: options.batchConcurrency }),
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.stopping ? { stopping: options.stopping } : {}),
  });
  if (options.demoStaff ?? true) {
    await bootstrapStaff(services, { mode: 'sandbox', adminEmail: null, adminPassword: null, sandboxPassword: SANDBOX_PASSWORD });
  }
  const app = createApp({ mode, services, logger });

  const request: TestApp['request'] = async (method, path, { cookie, body, headers } = {}) =>
    app.request(path, {
      method,
      headers: {
        'x-plat-console': '1',
        'sec-fetch-site': 'same-origin',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const signIn = async (email: string, password = SANDBOX_PASSWORD) => {
    const response = await request('POST', '/api/session', { body: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
    return sessionCookieFrom(response);
  };

  return {
    app,
    store,
    services,
    clock,
    emulator,
    platform,
    request,
    signIn,
    signInAs: (role) => signIn(`${role}@sandbox.local`),
    close: async () => {
      await stopBackgroundWork(services);
      await platform.close();
      await chain?.close();
      await emulator.close();
      await store.close();
    },
  };
}
