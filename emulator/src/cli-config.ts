import { parseArgs } from 'node:util';
import { StrKey } from '@stellar/stellar-sdk';
import { z } from 'zod';
import { NETWORK_LEDGER_CLOSE_MS } from './config.ts';

const USAGE = 'usage: npm run emulator -- [--port <0-65535>] [--host <address>] [--ledger-close-ms <0-600000>]';

const ledgerCloseMs = z
  .string()
  .regex(/^\d{1,6}$/, `must be a whole number of ms from 0 to 600000 (${USAGE})`)
  .transform(Number)
  .refine((ms) => ms <= 600_000, `must be a whole number of ms from 0 to 600000 (${USAGE})`);

const cliSchema = z.object({
  '--port': z
    .string()
    .regex(/^\d{1,5}$/, `must be an integer from 0 to 65535 (${USAGE})`)
    .transform(Number)
    .refine((port) => port <= 65535, `must be an integer from 0 to 65535 (${USAGE})`)
    .default(8788),
  '--host': z.string().trim().min(1, `must not be empty (${USAGE})`).default('127.0.0.1'),
  '--ledger-close-ms': ledgerCloseMs.optional(),
  PLAT_EMULATOR_LEDGER_CLOSE_MS: ledgerCloseMs.optional(),
  PLAT_EMULATOR_KEY: z.string().regex(/^\S+$/, 'must contain no whitespace').optional(),
  PLAT_EMULATOR_WALLET_SEED: z
    .string()
    .trim()
    .refine((seed) => StrKey.isValidEd25519SecretSeed(seed), 'must be a Stellar secret seed (S…, 56 characters, valid checksum)')
    .optional(),
});

/** The standalone emulator's settings, read once from its arguments and environment. */
export interface CliConfig {
  port: number;
  host: string;
  key: string | undefined;
  walletSeed: string | undefined;
  /** The flag, else the environment, else the real network's pace. */
  ledgerCloseMs: number;
}

export class CliConfigError extends Error {
  override readonly name = 'CliConfigError';
}

/** Arguments and environment variables as the emulator's settings; blank variables count as unset. A message never repeats a value. */
export function readCliConfig(args: string[], env: NodeJS.ProcessEnv): CliConfig {
  let values: { port?: string | undefined; host?: string | undefined; 'ledger-close-ms'?: string | undefined };
  try {
    const options = { port: { type: 'string' }, host: { type: 'string' }, 'ledger-close-ms': { type: 'string' } } as const;
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new CliConfigError(`${(error as Error).message} (${USAGE})`);
  }
  const setting = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const parsed = cliSchema.safeParse({
    '--port': values.port,
    '--host': values.host,
    '--ledger-close-ms': values['ledger-close-ms'],
    PLAT_EMULATOR_LEDGER_CLOSE_MS: setting('PLAT_EMULATOR_LEDGER_CLOSE_MS'),
    PLAT_EMULATOR_KEY: setting('PLAT_EMULATOR_KEY'),
    PLAT_EMULATOR_WALLET_SEED: setting('PLAT_EMULATOR_WALLET_SEED'),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliConfigError(`${String(issue?.path[0] ?? 'configuration')} ${issue?.message ?? 'is invalid'}`);
  }
  const config = parsed.data;
  return {
    port: config['--port'],
    host: config['--host'],
    key: config.PLAT_EMULATOR_KEY,
    walletSeed: config.PLAT_EMULATOR_WALLET_SEED,
    ledgerCloseMs: config['--ledger-close-ms'] ?? config.PLAT_EMULATOR_LEDGER_CLOSE_MS ?? NETWORK_LEDGER_CLOSE_MS,
  };
}
