import { parseArgs } from 'node:util';
import { StrKey } from '@stellar/stellar-sdk';
import { z } from 'zod';

const USAGE = 'usage: npm run emulator -- [--port <0-65535>] [--host <address>]';

const cliSchema = z.object({
  '--port': z
    .string()
    .regex(/^\d{1,5}$/, `must be an integer from 0 to 65535 (${USAGE})`)
    .transform(Number)
    .refine((port) => port <= 65535, `must be an integer from 0 to 65535 (${USAGE})`)
    .default(8788),
  '--host': z.string().trim().min(1, `must not be empty (${USAGE})`).default('127.0.0.1'),
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
}

export class CliConfigError extends Error {
  override readonly name = 'CliConfigError';
}

/** Arguments and environment variables as the emulator's settings; blank variables count as unset. A message never repeats a value. */
export function readCliConfig(args: string[], env: NodeJS.ProcessEnv): CliConfig {
  let values: { port?: string | undefined; host?: string | undefined };
  try {
    ({ values } = parseArgs({ args, options: { port: { type: 'string' }, host: { type: 'string' } }, strict: true, allowPositionals: false }));
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
    PLAT_EMULATOR_KEY: setting('PLAT_EMULATOR_KEY'),
    PLAT_EMULATOR_WALLET_SEED: setting('PLAT_EMULATOR_WALLET_SEED'),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliConfigError(`${String(issue?.path[0] ?? 'configuration')} ${issue?.message ?? 'is invalid'}`);
  }
  const config = parsed.data;
  return { port: config['--port'], host: config['--host'], key: config.PLAT_EMULATOR_KEY, walletSeed: config.PLAT_EMULATOR_WALLET_SEED };
}
