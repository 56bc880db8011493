import { StrKey } from '@stellar/stellar-base';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/password-rules.ts';
import { SANDBOX_SECRETS_KEY, SECRETS_KEY_BYTES } from './secret-sealer.ts';

const httpUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http(s) URL');

// Their values never appear in an error message.
const SECRET_VARIABLE = /PASSWORD|KEY|SEED|DATABASE_URL/;

const positiveMs = z.coerce.number().int().min(1).max(600_000);

/** A key that seals secrets at rest: 32 random bytes in base64 (`openssl rand -base64 32`). */
const secretsKey = z
  .string()
  .trim()
  .refine((value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === SECRETS_KEY_BYTES, 'must be 32 random bytes in base64, as `openssl rand -base64 32` prints them')
  .transform((value) => Buffer.from(value, 'base64'));

const envSchema = z.object({
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0, 'must be a port number from 0 to 65535').max(65535, 'must be a port number from 0 to 65535').default(8787),
  PLAT_API_URL: httpUrl.optional(),
  PLAT_API_KEY: z.string().trim().min(1).optional(),
  PLAT_API_TIMEOUT_MS: positiveMs.default(10_000),
  PLAT_DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL')
    .optional(),
  PLAT_HORIZON_URL: httpUrl.optional(),
  // Longer than Horizon's own 30 s wait for a ledger (see HorizonClient): its answer is never cut off.
  PLAT_HORIZON_SUBMIT_TIMEOUT_MS: positiveMs.default(65_000),
  PLAT_WALLET_SEED: z
    .string()
    .trim()
    .refine((seed) => StrKey.isValidEd25519SecretSeed(seed), 'must be a secret seed (S…, 56 characters, valid checksum)')
    .optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  PLAT_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  PLAT_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(8),
  PLAT_ADMIN_EMAIL: z.string().trim().toLowerCase().email('must be an email address').optional(),
  PLAT_ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH, `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`).max(PASSWORD_MAX_LENGTH, `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`).optional(),
  PLAT_SANDBOX_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH, `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`).max(PASSWORD_MAX_LENGTH, `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`).optional(),
  PLAT_PUBLIC_URL: httpUrl.optional(),
  PLAT_REFRESH_PER_MINUTE: z.coerce.number().int().min(0).max(6_000).default(120),
  // Sandbox only: the bundled emulator's ledger pace; the real network closes one about every 5 s.
  PLAT_EMULATOR_LEDGER_CLOSE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  PLAT_STUCK_AFTER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(10),
  // Past the platform's call deadline and a webhook attempt's: what is in flight at a stop usually ends within it.
  PLAT_STOP_TIMEOUT_MS: positiveMs.default(20_000),
  PLAT_SECRETS_KEY: secretsKey.optional(),
  PLAT_SECRETS_KEY_PREVIOUS: z
    .string()
    .trim()
    .transform((value) => value.split(',').map((key) => key.trim()).filter((key) => key !== ''))
    .pipe(z.array(secretsKey))
    .optional(),
  PLAT_METRICS_PORT: z.coerce.number().int().min(0, 'must be a port number from 0 to 65535').max(65535, 'must be a port number from 0 to 65535').optional(),
  PLAT_METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
});

export type Mode = 'sandbox' | 'live';

export interface Config {
  mode: Mode;
  host: string;
  port: number;
  /** Live mode only; in sandbox mode the emulator's URL and key are filled in at start. */
  platform: { url: string; apiKey: string } | null;
  platformTimeoutMs: number;
  dataDir: string;
  databaseUrl: string | null;
  horizonUrl: string | null;
  walletSeed: string | null;
  horizonSubmitTimeoutMs: number;
  logLevel: z.output<typeof envSchema>['LOG_LEVEL'];
  /** How long a staff session lasts idle, and at most. */
  auth: { sessionIdleMs: number; sessionAbsoluteMs: number };
  adminEmail: string | null;
  adminPassword: string | null;
  sandboxPassword: string | null;
  /** Where staff reach the console, for printed links; defaults to http://HOST:PORT. */
  publicUrl: string | null;
  /** The key secrets at rest are sealed with (null in live mode until one is set), and earlier keys during a rotation. */
  secretsKeys: { current: Buffer | null; previous: Buffer[] };
  /** How many moving payments the background refresher re-fetches per minute (0: off). */
  refreshPerMinute: number;
  /** Approved payments without a transaction for this long count as stuck. */
  stuckAfterMinutes: number;
  /** Sandbox mode: how often the bundled emulator closes a ledger (0: at once for each transaction). */
  sandboxLedgerCloseMs: number;
  /** At SIGTERM or SIGINT, how long requests and background work in flight get to finish. */
  stopTimeoutMs: number;
  /** Where Prometheus scrapes GET /metrics, on a listener of its own; null (the default): no metrics. */
  metrics: { host: string; port: number } | null;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Environment variables as the console's configuration. Blank values count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue ? String(issue.path[0]) : 'environment';
    const shown = SECRET_VARIABLE.test(name) ? '' : ` (got ${JSON.stringify(String(present[name] ?? ''))})`;
    throw new ConfigError(`${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const vars = parsed.data;
  const live = vars.PLAT_API_KEY !== undefined;
  if (live && vars.PLAT_API_URL === undefined) {
    throw new ConfigError('PLAT_API_URL must be set in live mode (PLAT_API_KEY is set); it is the versioned root, e.g. https://…/v2');
  }
  if ((vars.PLAT_ADMIN_EMAIL === undefined) !== (vars.PLAT_ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('PLAT_ADMIN_EMAIL and PLAT_ADMIN_PASSWORD must be set together');
  }
  if (vars.PLAT_WALLET_SEED !== undefined && vars.PLAT_HORIZON_URL === undefined && live) {
    throw new ConfigError('PLAT_HORIZON_URL must be set when PLAT_WALLET_SEED is set');
  }
  return {
    mode: live ? 'live' : 'sandbox',
    host: vars.HOST,
    port: vars.PORT,
    platform: live && vars.PLAT_API_URL && vars.PLAT_API_KEY ? { url: vars.PLAT_API_URL, apiKey: vars.PLAT_API_KEY } : null,
    platformTimeoutMs: vars.PLAT_API_TIMEOUT_MS,
    dataDir: vars.PLAT_DATA_DIR,
    databaseUrl: vars.DATABASE_URL ?? null,
    horizonUrl: vars.PLAT_HORIZON_URL ?? null,
    walletSeed: vars.PLAT_WALLET_SEED ?? null,
    horizonSubmitTimeoutMs: vars.PLAT_HORIZON_SUBMIT_TIMEOUT_MS,
    logLevel: vars.LOG_LEVEL,
    auth: { sessionIdleMs: vars.PLAT_SESSION_IDLE_MINUTES * 60_000, sessionAbsoluteMs: vars.PLAT_SESSION_MAX_HOURS * 3_600_000 },
    adminEmail: vars.PLAT_ADMIN_EMAIL ?? null,
    adminPassword: vars.PLAT_ADMIN_PASSWORD ?? null,
    sandboxPassword: vars.PLAT_SANDBOX_PASSWORD ?? null,
    refreshPerMinute: vars.PLAT_REFRESH_PER_MINUTE,
    stuckAfterMinutes: vars.PLAT_STUCK_AFTER_MINUTES,
    sandboxLedgerCloseMs: vars.PLAT_EMULATOR_LEDGER_CLOSE_MS,
    stopTimeoutMs: vars.PLAT_STOP_TIMEOUT_MS,
    publicUrl: vars.PLAT_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    // Sandbox mode seals with a fixed key unless one is given: its data is demo data.
    secretsKeys: { current: vars.PLAT_SECRETS_KEY ?? (live ? null : SANDBOX_SECRETS_KEY), previous: vars.PLAT_SECRETS_KEY_PREVIOUS ?? [] },
    metrics: vars.PLAT_METRICS_PORT === undefined ? null : { host: vars.PLAT_METRICS_HOST, port: vars.PLAT_METRICS_PORT },
  };
}
