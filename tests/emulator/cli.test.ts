import { Keypair } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { startNode } from '../support/node-process.ts';

const MAIN = new URL('../../emulator/src/main.ts', import.meta.url).pathname;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with tsx; `whenReady` runs once it prints its base URL, then the process is sent SIGTERM. */
async function runCli(args: string[], env: Record<string, string> = {}, whenReady?: (stdout: string) => Promise<void>): Promise<Run> {
  const cli = startNode(['--import', 'tsx', MAIN, ...args], { ...process.env, ...env });
  if (whenReady !== undefined) {
    await cli.printed(/app wallet/, 60_000);
    try {
      await whenReady(cli.stdout());
    } finally {
      await cli.signal('SIGTERM');
    }
  }
  const { code, signal } = await cli.exited;
  return { code, signal, stdout: cli.stdout(), stderr: cli.stderr() };
}

describe('npm run emulator (emulator/src/main.ts)', () => {
  it('starts with demo data, prints URL, key and wallet, and stops on SIGTERM', async () => {
    const run = await runCli(['--port', '0'], { PLAT_EMULATOR_KEY: 'cli-test-key' }, async (stdout) => {
      const url = /(http:\/\/127\.0\.0\.1:\d+\/v2)/.exec(stdout)?.[1];
      const reply = await fetch(`${url}/payments/incomplete_server_payments`, { headers: { authorization: 'Key cli-test-key' } });
      expect(reply.status).toBe(200);
      expect((await reply.json()).incomplete_server_payments).toHaveLength(1);
    });
    expect(run.stdout).toMatch(/http:\/\/127\.0\.0\.1:\d+\/v2/);
    expect(run.stdout).toContain('cli-test-key');
    expect(run.stdout).toMatch(/G[A-Z2-7]{55}/);
    expect(run.code).toBe(0);
  });

  it('takes the app wallet from PLAT_EMULATOR_WALLET_SEED and prints its Horizon URL and seed', async () => {
    const wallet = Keypair.random();
    const run = await runCli(['--port', '0'], { PLAT_EMULATOR_WALLET_SEED: wallet.secret() }, async (stdout) => {
      const horizon = /Horizon:\s+(http:\/\/127\.0\.0\.1:\d+\/horizon)/.exec(stdout)?.[1];
      const reply = await fetch(`${horizon}/accounts/${wallet.publicKey()}`);
      expect(reply.status).toBe(200);
    });
    expect(run.stdout).toContain(wallet.secret());
    expect(run.stdout).toContain(wallet.publicKey());
    expect(run.code).toBe(0);
  });

  it('refuses a bad wallet seed naming the variable, never its value', async () => {
    const seed = Keypair.random().secret();
    const badChecksum = seed.slice(0, -1) + (seed.endsWith('A') ? 'B' : 'A');
    for (const value of ['SHORT', badChecksum]) {
      const run = await runCli(['--port', '0'], { PLAT_EMULATOR_WALLET_SEED: value });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^emulator: PLAT_EMULATOR_WALLET_SEED must be a Stellar secret seed/);
      expect(run.stderr).not.toContain(value);
    }
  });

  it('keeps the network’s pace by default, or the one --ledger-close-ms or PLAT_EMULATOR_LEDGER_CLOSE_MS sets', async () => {
    const latest = async (horizon: string): Promise<number> => ((await (await fetch(horizon)).json()) as { core_latest_ledger: number }).core_latest_ledger;
    const started = async (): Promise<void> => {};
    const [byDefault, fromEnv] = await Promise.all([runCli(['--port', '0'], {}, started), runCli(['--port', '0'], { PLAT_EMULATOR_LEDGER_CLOSE_MS: '0' }, started)]);
    expect(byDefault.stdout).toContain('a ledger every 5000 ms');
    expect(fromEnv.stdout).toContain('a ledger per transaction');
    const run = await runCli(['--port', '0', '--ledger-close-ms', '100'], { PLAT_EMULATOR_LEDGER_CLOSE_MS: '0' }, async (stdout) => {
      const horizon = /Horizon:\s+(http:\/\/127\.0\.0\.1:\d+\/horizon)/.exec(stdout)?.[1] ?? '';
      const first = await latest(horizon);
      await expect.poll(() => latest(horizon), { timeout: 20_000 }).toBeGreaterThanOrEqual(first + 2);
    });
    expect(run.stdout).toContain('a ledger every 100 ms');
    expect(run.code).toBe(0);
    // Three emulator processes start here (tsx compiles each): a deadline for a hung run on a loaded machine, not a measure of speed.
  }, 180_000);

  it.each([
    [['--ledger-close-ms', 'soon']],
    [['--ledger-close-ms', '700000']],
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--bogus']],
    [['--host', '']],
  ])('refuses %j with one line and exit code 1', async (args) => {
    const run = await runCli(args);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^emulator: /);
  });
});
