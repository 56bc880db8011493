import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { ExceptionView } from '../../../bff/src/reconciliation/exception-view.ts';
import type { RollForward } from '../../../bff/src/reconciliation/roll-forward.ts';
import type { RunResult } from '../../../bff/src/reconciliation/reconciliation-runner.ts';
import { horizonServer, networkPassphrase, pay } from '../../support/chain-transactions.ts';
import { clearFaults, createUser, faultsApplied, setFaults } from '../../support/emulator-control.ts';
import { useKillableConsole } from '../../support/killable-console.ts';
import { storeKinds } from '../../support/test-store.ts';

const ADMIN = { email: 'admin@reconciliation-crash.test', password: 'reconciliation-crash-password' };
/** Three of Horizon's 200-operation pages: the run is killed while it reads the second. */
const OUT_OF_BAND = 450;
const PAGE_READS = 'GET /horizon/accounts/*/payments';
/** The console's time-out for each call upstream (Horizon's reads included). */
const UPSTREAM_TIMEOUT_MS = 3_000;
/** Each page read waits this long (within the time-out, so it is not read again), and the kill lands while the second waits. */
const PAGE_READ_LATENCY_MS = 2_000;

/**
 * A reconciliation run killed (kill -9) after its first page and restarted: the new run reads on from
 * the last page recorded, and every one of the wallet's transactions ends up recorded once and
 * flagged once, with the balance tied.
 */
describe.each(storeKinds)('a reconciliation run survives a kill -9 on %s', (kind) => {
  const c = useKillableConsole(kind, ADMIN, UPSTREAM_TIMEOUT_MS);

  /** Rows of the console's store, read beside the console (PostgreSQL only: PGlite is the console's own). */
  const countRows = async (sql: string): Promise<number> => {
    const client = new pg.Client({ connectionString: c.env.DATABASE_URL });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(sql)).rows[0]?.n);
    } finally {
      await client.end();
    }
  };

  const allExceptions = async (): Promise<ExceptionView[]> => {
    const found: ExceptionView[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { exceptions: ExceptionView[]; nextCursor: string | null } = await c.admin.json('GET', `/api/reconciliation/exceptions?limit=200&cursor=${encodeURIComponent(cursor)}`);
      found.push(...page.exceptions);
      cursor = page.nextCursor;
    }
    return found;
  };

  it('records and flags every transaction exactly once, and ties the balance', async () => {
    const user = await createUser(c.emulator);
    const { sequence } = await horizonServer(c.emulator).loadAccount(c.emulator.appWallet.address);
    const passphrase = await networkPassphrase(c.emulator);
    const hashes: string[] = [];
    for (let i = 1; i <= OUT_OF_BAND; i++) {
      const sent = await pay(c.emulator, { from: c.emulator.appWallet.seed, to: user.wallet_address, amount: '0.1', fee: '100000', passphrase, sequence: BigInt(sequence) + BigInt(i) });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      hashes.push(sent.hash);
    }

    await setFaults(c.emulator, [{ kind: 'latency', latencyMs: PAGE_READ_LATENCY_MS, rate: 1, route: PAGE_READS }]);
    const run = c.admin.json('POST', '/api/reconciliation/run').catch((error: unknown) => error);
    await expect.poll(async () => (await faultsApplied(c.emulator))[0], { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    await c.kill();
    expect(await run).toBeInstanceOf(Error);
    if (kind === 'postgres') {
      expect(await countRows('SELECT count(*) AS n FROM wallet_transactions')).toBe(200);
      // The killed instance's lease would end within LEASE_SECONDS; it ends now.
      await countRows(`UPDATE reconciliation_cursor SET lease_until = now() - interval '1 second' RETURNING 1 AS n`);
    }

    await clearFaults(c.emulator);
    await c.restart();
    const resumed = await c.admin.json<RunResult>('POST', '/api/reconciliation/run');
    expect(resumed.transactionsRead).toBe(OUT_OF_BAND - 200);

    const exceptions = await allExceptions();
    expect(exceptions.map((exception) => exception.kind)).toEqual(Array(OUT_OF_BAND).fill('unmatched_outflow'));
    expect(new Set(exceptions.map((exception) => exception.txHash))).toEqual(new Set(hashes));
    if (kind === 'postgres') expect(await countRows('SELECT count(DISTINCT hash) AS n FROM wallet_transactions')).toBe(OUT_OF_BAND);
    const summary = await c.admin.json<RollForward>('GET', '/api/reconciliation/summary');
    expect(summary).toMatchObject({ outgoing: '45.0000000', fees: '4.5000000', difference: '0.0000000' });
  }, 240_000);
});
