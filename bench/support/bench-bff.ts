import { createApp } from '../../bff/src/app/app.ts';
import { defaultAuthSettings } from '../../bff/src/auth/auth-settings.ts';
import { bootstrapStaff } from '../../bff/src/app/bootstrap-staff.ts';
import { systemClock } from '../../bff/src/clock.ts';
import type { Role } from '../../bff/src/domain/roles.ts';
import { createLogger } from '../../bff/src/logger.ts';
import { PlatformClient } from '../../bff/src/platform/platform-client.ts';
import type { RewardChain } from '../../bff/src/rewards/reward-chain.ts';
import { SANDBOX_SECRETS_KEY, SecretSealer } from '../../bff/src/secret-sealer.ts';
import { createServices, type Services } from '../../bff/src/app/services.ts';
import type { Store } from '../../bff/src/store/database.ts';

const PASSWORD = 'bench-password-not-a-secret';

export interface BenchBff {
  app: ReturnType<typeof createApp>;
  services: Services;
  platform: PlatformClient;
  /** Cookie header of a session of the role asked for (support unless said). */
  cookie: string;
  /** The raw session id inside that cookie. */
  sessionId: string;
  close(): Promise<void>;
}

/**
 * The real BFF as server.ts builds it (system clock, silent logger, sandbox staff), on the given store
 * and upstream (and app wallet, when given), signed in as support or the role asked for.
 */
export async function startBenchBff(store: Store, upstream: { url: string; key: string }, options: { role?: Role; rewardChain?: RewardChain; batchConcurrency?: number } = {}): Promise<BenchBff> {
  const platform = new PlatformClient({ baseUrl: upstream.url, apiKey: upstream.key });
  const logger = createLogger({ level: 'silent' });
  const services = createServices({ mode: 'sandbox', store, clock: systemClock, logger, platform, authSettings: defaultAuthSettings, rewardChain: options.rewardChain ?? null, batchConcurrency: options.batchConcurrency, sealer: new SecretSealer({ current: SANDBOX_SECRETS_KEY }) });
  await bootstrapStaff(services, { mode: 'sandbox', adminEmail: null, adminPassword: null, sandboxPassword: PASSWORD });
  const app = createApp({ mode: 'sandbox', services, logger });
  const role = options.role ?? 'support';

  const response = await app.request('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-plat-console': '1', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: `${role}@sandbox.local`, password: PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('__Host-plat_session='))?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`sign-in as ${role} failed: ${response.status} ${await response.text()}`);
  return { app, services, platform, cookie, sessionId: cookie.slice(cookie.indexOf('=') + 1), close: async () => {
      await services.backgroundWrites.settled();
      await platform.close();
    },
  };
}
