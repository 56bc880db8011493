import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromScaled, toScaled } from '../../../common/amount.ts';
import { startEmulator, type RunningEmulator } from '../../../emulator/src/emulator.ts';
import { startTwoWalletConsoles, type BffProcess, type StaffClient, type TwoWalletConsoles } from '../../support/bff-process.ts';
import { payAppWallet, payFromAppWallet } from '../../support/chain-transactions.ts';
import { clearFaults, createUsers, ledgerTransactions, nativeBalance, paymentsByDestination, setFaults, type ControlUser } from '../../support/emulator-control.ts';
import { ledgerDiscrepancies, ledgerSnapshot, type LedgerSnapshot } from '../../support/ledger-audit.ts';
import { storeKinds } from '../../support/test-store.ts';

const ADMIN = { email: 'admin@funds-two-instances.test', password: 'funds-two-instances-password' };
/** Rewards of 1 with a fee of 0.01 each: FIT of them fit, one more does not. */
const FIT = 5;
const ASKED_PER_INSTANCE = 6;
const AMOUNT = '1';
const FEE = toScaled('0.01');
const MINIMUM_BALANCE = toScaled('1'); // (2 + 0 subentries) × 0.5
const FREE = BigInt(FIT) * (toScaled(AMOUNT) + FEE) + toScaled('0.5');

interface RewardRow {
  id: string;
  uid: string;
  state: string;
  error_code: string | null;
  payment_id: string | null;
  txid: string | null;
  amount: string;
}

/**
 * Two console processes on one PostgreSQL schema pay from one app wallet that holds just over FIT
 * rewards' worth, each asked for more at once: the funds check and the sequence lane hold across
 * them. No transaction fails on the chain, each sequence is signed once and applied, the wallet pays
 * no more than it held, and the rewards that did not fit wait for funds, nothing sent upstream, until
 * the wallet is funded.
 */
describe.skipIf(!storeKinds.includes('postgres'))('one wallet near its limit, paid from by two instances on PostgreSQL', () => {
  let emulator: RunningEmulator;
  let consoles: TwoWalletConsoles;
  let first: BffProcess;
  let second: BffProcess;
  let admin: StaffClient;
  let db: pg.Client;

  beforeAll(async () => {
    emulator = await startEmulator({ chain: { ledgerCloseMs: 250 } });
    consoles = await startTwoWalletConsoles(emulator, ADMIN, 4_000);
    ({ first, second, admin, db } = consoles);
  }, 120_000);
  afterAll(async () => {
    await consoles?.close();
    await emulator?.close();
  }, 30_000);

  const app = () => emulator.appWallet.address;
  const accountSequence = async () => BigInt(((await (await fetch(`${emulator.horizonUrl}/accounts/${app()}`)).json()) as { sequence: string }).sequence);
  const rewardRows = async () => (await db.query<RewardRow>('SELECT id, uid, state, error_code, payment_id, txid, amount::text FROM rewards ORDER BY created_at')).rows;
  /** The sequence of every envelope signed, once per signing. */
  const signedSequences = async () => (await db.query<{ sequence: string }>(`SELECT detail->>'sequence' AS sequence FROM reward_events WHERE step = 'signed' ORDER BY id`)).rows.map((row) => BigInt(row.sequence));
  const inFlight = (row: RewardRow) => ['created', 'signed', 'submitted'].includes(row.state) || (row.state === 'requested' && row.error_code !== 'needs_funds');
  const ended = (row: RewardRow) => ['completed', 'failed', 'cancelled', 'needs_attention'].includes(row.state);

  /** The rewards once `done` holds for them. */
  function rewardsWhen(done: (rows: RewardRow[]) => boolean, timeoutMs: number): Promise<RewardRow[]> {
    return vi.waitFor(
      async () => {
        const rows = await rewardRows();
        if (!done(rows)) throw new Error(`rewards not as awaited: ${JSON.stringify(rows.map((row) => [row.state, row.error_code]))}\n${first.output().slice(-2_000)}\n${second.output().slice(-2_000)}`);
        return rows;
      },
      { timeout: timeoutMs, interval: 100 },
    );
  }

  /** The ledger against the rewards: each user paid once by their completed reward's transaction, else not at all. */
  const discrepancies = (before: LedgerSnapshot, rows: RewardRow[], users: ControlUser[]) =>
    ledgerDiscrepancies(
      emulator,
      before,
      users.map((user) => {
        const row = rows.find((reward) => reward.uid === user.uid);
        return { label: `uid ${user.uid}`, wallet_address: user.wallet_address, txid: row?.state === 'completed' ? row.txid : null, amount: row?.amount ?? '0' };
      }),
    );

  /** Since `before`: every app wallet transaction applied successfully, and each sequence from the account's next was signed once and applied. */
  async function sequencesSince(before: { sequence: bigint; transactions: number; signed: number }) {
    const applied = (await ledgerTransactions(emulator)).slice(before.transactions).filter((tx) => tx.source === app());
    return {
      failed: applied.filter((tx) => !tx.successful).map((tx) => `${tx.hash}: ${tx.operation_code}`),
      advancedBy: (await accountSequence()) - before.sequence,
      applied: applied.length,
      signed: (await signedSequences()).slice(before.signed),
    };
  }
  const range = (from: bigint, count: number) => Array.from({ length: count }, (_, i) => from + BigInt(i));

  it('pays what fits exactly once, fails nothing on the chain, wastes no sequence, and leaves the rest waiting for funds', async () => {
    const [sink] = await createUsers(emulator, 1);
    const balance = toScaled(await nativeBalance(emulator, app()));
    await payFromAppWallet(emulator, { to: sink?.wallet_address ?? '', amount: fromScaled(balance - MINIMUM_BALANCE - FEE - FREE) });
    const held = toScaled(await nativeBalance(emulator, app()));
    expect(held).toBe(MINIMUM_BALANCE + FREE);

    const users = await createUsers(emulator, 2 * ASKED_PER_INSTANCE);
    const before = await ledgerSnapshot(emulator, users);
    const start = { sequence: await accountSequence(), transactions: before.transactions, signed: 0 };
    // Horizon answers account reads slowly, as one far away does: checks of the two instances overlap.
    await setFaults(emulator, [{ route: 'GET /horizon/accounts/*', kind: 'latency', latencyMs: 150 }]);
    const instances = [admin, admin.at(second.url)];
    const answers = await Promise.all(
      users.map((user, i) => instances[i % 2]?.request('POST', '/api/rewards', { uid: user.uid, amount: AMOUNT, memo: 'two instances' }, { 'idempotency-key': `two-instances-${i}` })),
    );
    expect(answers.map((answer) => answer?.status)).toEqual(users.map(() => 201));

    const rows = await rewardsWhen((now) => now.filter(ended).length >= FIT && !now.some(inFlight), 60_000);
    const chain = await sequencesSince(start);
    expect.soft(chain.failed, 'no transaction may fail on the chain (op_underfunded)').toEqual([]);
    expect.soft(chain.signed, 'each sequence signed once, from the account’s next, none skipped (tx_bad_seq)').toEqual(range(start.sequence + 1n, chain.applied));
    expect.soft(chain.advancedBy).toBe(BigInt(chain.applied));
    expect(rows.filter((row) => row.state === 'completed')).toHaveLength(FIT);
    const waiting = rows.filter((row) => row.state !== 'completed');
    expect(waiting.map((row) => [row.state, row.error_code, row.payment_id])).toEqual(waiting.map(() => ['requested', 'needs_funds', null]));
    const left = toScaled(await nativeBalance(emulator, app()));
    expect(left, 'the wallet paid no more than it held above its minimum').toBeGreaterThanOrEqual(MINIMUM_BALANCE);
    expect(held - left).toBe(BigInt(FIT) * (toScaled(AMOUNT) + FEE));
    expect(await discrepancies(before, rows, users)).toEqual([]);

    // Funded, the waiting rewards go on by themselves, through both instances' lanes in turn.
    await clearFaults(emulator);
    const [donor] = await createUsers(emulator, 1);
    if (!donor) throw new Error('no donor');
    const again = { sequence: await accountSequence(), transactions: (await ledgerTransactions(emulator)).length, signed: (await signedSequences()).length };
    await payAppWallet(emulator, donor, { amount: '20' });
    const done = await rewardsWhen((now) => now.every(ended), 60_000);
    expect(done.map((row) => row.state)).toEqual(users.map(() => 'completed'));
    const after = await sequencesSince(again);
    expect(after.failed).toEqual([]);
    expect(after.signed).toEqual(range(again.sequence + 1n, waiting.length));
    expect(after.advancedBy).toBe(BigInt(waiting.length));
    const paid = await paymentsByDestination(emulator);
    expect(users.map((user) => paid.get(user.wallet_address))).toEqual(users.map((user) => [done.find((row) => row.uid === user.uid)?.txid]));
    expect(toScaled(await nativeBalance(emulator, app()))).toBe(held + toScaled('20') - BigInt(users.length) * (toScaled(AMOUNT) + FEE));
  }, 150_000);
});
