import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorCommand } from '../../../bff/src/doctor/doctor-command.ts';
import { PlatformClient } from '../../../bff/src/platform/platform-client.ts';
import { openStore, pgliteExtensions } from '../../../bff/src/store/database.ts';
import { loadMigrations } from '../../../bff/src/store/migrate.ts';
import { startEmulator, type RunningEmulator } from '../../../emulator/src/emulator.ts';
import { createUser, type ControlUser } from '../../support/emulator-control.ts';
import { consoleStoreEnv, storeKinds, type StoreKind } from '../../support/test-store.ts';

const LATEST = loadMigrations().at(-1)?.version ?? '';

async function runDoctor(env: NodeJS.ProcessEnv): Promise<{ code: number; text: string; line: (subject: string) => string }> {
  const lines: string[] = [];
  const code = await doctorCommand(env, { out: (line) => lines.push(line) });
  const text = lines.join('\n');
  return { code, text, line: (subject) => lines.find((line) => /^\[\w+\]\s+/.test(line) && line.replace(/^\[\w+\]\s+/, '').startsWith(`${subject}:`)) ?? `(no line on ${subject} in:\n${text})` };
}

/** Runs raw SQL on the store `env` points at, as the test's own tool (the doctor never writes). */
async function onStore(kind: StoreKind, env: NodeJS.ProcessEnv, sql: string): Promise<void> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
    return;
  }
  const instance = await PGlite.create(path.join(env.PLAT_DATA_DIR ?? '', 'pglite'), { extensions: pgliteExtensions });
  await instance.exec(sql);
  await instance.close();
}

let emulator: RunningEmulator;
let otherNetwork: RunningEmulator;
let user: ControlUser;

beforeAll(async () => {
  // A ledger every second, as a live network closes them every few: the clock check compares with the latest.
  emulator = await startEmulator({ chain: { ledgerCloseMs: 1_000 } });
  otherNetwork = await startEmulator({ network: 'Another Testnet' });
  user = await createUser(emulator);
  // A payment the platform lists as incomplete: it shows the app's network and wallet, as a live app's would.
  const platform = new PlatformClient({ baseUrl: emulator.url, apiKey: emulator.key });
  await platform.createPayment({ uid: user.uid, amount: '1', memo: 'doctor', metadata: {} });
  await platform.close();
}, 60_000);
afterAll(async () => {
  await emulator.close();
  await otherNetwork.close();
});

const SECRETS_KEY = randomBytes(32).toString('base64');

describe.each(storeKinds)('npm run doctor (%s store)', (kind) => {
  let storeEnv: NodeJS.ProcessEnv;
  let drop: () => Promise<void>;
  const liveEnv = (more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    ...storeEnv,
    PLAT_API_KEY: emulator.key,
    PLAT_API_URL: emulator.url,
    PLAT_HORIZON_URL: emulator.horizonUrl,
    PLAT_WALLET_SEED: emulator.appWallet.seed,
    PLAT_PUBLIC_URL: 'https://console.example.org',
    PLAT_SECRETS_KEY: SECRETS_KEY,
    PLAT_API_TIMEOUT_MS: '3000',
    ...more,
  });

  beforeAll(async () => {
    ({ env: storeEnv, drop } = await consoleStoreEnv(kind));
    // A PostgreSQL schema comes empty (a console migrates it at its first start): migrated here as that start would.
    if (storeEnv.DATABASE_URL) await (await openStore({ kind: 'postgres', url: storeEnv.DATABASE_URL, maxConnections: 1 })).close();
  }, 60_000);
  afterAll(async () => drop());

  it('all good: the key, the seed, the network, the store, the clock and second factors, each in words; exit 0', async () => {
    const { code, text, line } = await runDoctor(liveEnv());
    expect(code, text).toBe(0);
    expect(line('Store')).toMatch(/^\[ok\]\s+.*at the expected schema/);
    expect(line('Store')).toContain(LATEST);
    expect(line('Platform API key')).toMatch(/^\[ok\]\s+.*accepted the key/);
    expect(line('Horizon')).toMatch(/^\[ok\]\s+.*serves "Plat Testnet", the network of the app's payments/);
    expect(line('Wallet seed')).toMatch(new RegExp(`^\\[ok\\]\\s+.*${emulator.appWallet.address}, the wallet the app's payments come from`));
    expect(line('Clock')).toMatch(/^\[ok\]\s+/);
    expect(line('Second factors')).toMatch(/^\[ok\]\s+.*sealed with PLAT_SECRETS_KEY; passkeys are bound to console\.example\.org/);
    expect(text).toContain('Nothing wrong found.');
    expect(text).not.toContain(SECRETS_KEY);
    const keyless = await runDoctor(liveEnv({ PLAT_SECRETS_KEY: undefined }));
    expect(keyless.code).toBe(1);
    expect(keyless.line('Second factors')).toMatch(/^\[PROBLEM\]\s+.*PLAT_SECRETS_KEY is not set/);
    expect(text).not.toContain(emulator.key);
    expect(text).not.toContain(emulator.appWallet.seed);
  });

  it('a store behind the expected schema: says which migrations are missing and what to do, without migrating it', async () => {
    await onStore(kind, storeEnv, `DELETE FROM schema_migrations WHERE version = '${LATEST}'`);
    try {
      const first = await runDoctor(liveEnv());
      expect(first.code).toBe(1);
      expect(first.line('Store')).toMatch(/^\[PROBLEM\]\s+.*behind this release's schema: 1 migration\(s\) not applied/);
      expect(first.line('Store')).toContain(LATEST);
      expect(first.text).toContain('What to do: take a backup, then start this release once');
      // Read-only: a second run finds the store exactly as behind as the first did.
      expect((await runDoctor(liveEnv())).line('Store')).toBe(first.line('Store'));
    } finally {
      await onStore(kind, storeEnv, `INSERT INTO schema_migrations (version) VALUES ('${LATEST}')`);
    }
  });
});

describe('npm run doctor finds what is wrong upstream', () => {
  let storeEnv: NodeJS.ProcessEnv;
  let drop: () => Promise<void>;
  const liveEnv = (more: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
    ...storeEnv,
    PLAT_API_KEY: emulator.key,
    PLAT_API_URL: emulator.url,
    PLAT_HORIZON_URL: emulator.horizonUrl,
    PLAT_WALLET_SEED: emulator.appWallet.seed,
    PLAT_SECRETS_KEY: SECRETS_KEY,
    PLAT_API_TIMEOUT_MS: '3000',
    ...more,
  });

  beforeAll(async () => {
    ({ env: storeEnv, drop } = await consoleStoreEnv('pglite'));
  }, 60_000);
  afterAll(async () => drop());

  it('a wrong key: the platform refused it, and which key to set', async () => {
    const { code, text, line } = await runDoctor(liveEnv({ PLAT_API_KEY: 'not-the-server-key' }));
    expect(code).toBe(1);
    expect(line('Platform API key')).toMatch(/^\[PROBLEM\]\s+.*refused the key \(401\)/);
    expect(text).toContain("What to do: set PLAT_API_KEY to the app's server API key");
    expect(text).not.toContain('not-the-server-key');
  });

  it("a seed of another wallet: names the seed's account and the app's wallet", async () => {
    const { code, line } = await runDoctor(liveEnv({ PLAT_WALLET_SEED: user.wallet_seed }));
    expect(code).toBe(1);
    expect(line('Wallet seed')).toContain(`Wallet seed: the seed is of ${user.wallet_address}, but the app's payments come from ${emulator.appWallet.address}`);
  });

  it('Horizon of another network: names both networks', async () => {
    const { code, line, text } = await runDoctor(liveEnv({ PLAT_HORIZON_URL: otherNetwork.horizonUrl }));
    expect(code).toBe(1);
    expect(line('Horizon')).toContain(`serves the network "Another Testnet", but the app's payments are on "Plat Testnet"`);
    expect(text).toContain('What to do: set PLAT_HORIZON_URL to the Horizon of "Plat Testnet"');
  });

  it('an embedded store a running console holds: not opened, and said so', async () => {
    writeFileSync(path.join(storeEnv.PLAT_DATA_DIR ?? '', 'console.lock'), String(process.pid));
    const { code, line } = await runDoctor(liveEnv({}));
    expect(line('Store')).toMatch(/^\[note\]\s+.*is in use by a running console, so the doctor did not open it/);
    expect(code).toBe(0);
  });

  it('a configuration the console would refuse: the variable and what is wrong, exit 1', async () => {
    const { code, text } = await runDoctor({ ...storeEnv, PLAT_API_KEY: emulator.key });
    expect(code).toBe(1);
    expect(text).toMatch(/\[PROBLEM\]\s+Configuration: PLAT_API_URL must be set in live mode/);
    expect(text).toContain('PLAT_API_URL must be set in live mode');
  });
});
