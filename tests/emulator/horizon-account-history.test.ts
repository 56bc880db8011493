import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStroops } from '../../emulator/src/amount.ts';
import { pay, payAppWallet } from '../support/chain-transactions.ts';
import { control, nativeBalance, stroops } from '../support/emulator-control.ts';
import { startHarness } from './helpers.ts';
import type { Harness, TestUser } from './helpers.ts';

interface Page<R> {
  _links: { self: { href: string }; next: { href: string }; prev: { href: string } };
  _embedded: { records: R[] };
}

/** A Horizon GET: its status, content type and JSON body. */
async function horizon<T>(url: string): Promise<{ status: number; type: string | null; body: T }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as T };
}

async function page<R>(url: string): Promise<Page<R>> {
  const { status, body } = await horizon<Page<R>>(url);
  if (status !== 200) throw new Error(`GET ${url} → ${status} ${JSON.stringify(body)}`);
  return body;
}

describe('the minimum balance, as stellar-core keeps it', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const accountOf = async (id: string) => (await horizon<{ subentry_count: number; sequence: string; balances: Array<{ balance: string }> }>(`${h.emulator.horizonUrl}/accounts/${id}`)).body;
  const latestLedger = async () => (await page<{ sequence: number; base_reserve_in_stroops: number }>(`${h.emulator.horizonUrl}/ledgers?order=desc&limit=1`))._embedded.records[0];
  const payApp = (user: TestUser, amount: string) => payAppWallet(h.emulator, user, { amount, memo: 'reserve' });

  /** Pays one stroop more than the account may spend (op_underfunded, fee and sequence spent), then exactly that (success, leaving the minimum). */
  async function boundary(user: TestUser, minimum: bigint): Promise<void> {
    const fee = 100_000n;
    const before = stroops(await nativeBalance(h.emulator, user.wallet_address));
    const sequence = BigInt((await accountOf(user.wallet_address)).sequence);
    const allowed = (balance: bigint) => balance - fee - minimum;

    const over = await payApp(user, formatStroops(allowed(before) + 1n));
    expect(over).toMatchObject({ status: 400, body: { extras: { result_codes: { transaction: 'tx_failed', operations: ['op_underfunded'] } } } });
    expect(stroops(await nativeBalance(h.emulator, user.wallet_address))).toBe(before - fee);
    expect(BigInt((await accountOf(user.wallet_address)).sequence)).toBe(sequence + 1n);

    const exact = await payApp(user, formatStroops(allowed(before - fee)));
    expect(exact).toMatchObject({ status: 200, body: { successful: true } });
    expect(stroops(await nativeBalance(h.emulator, user.wallet_address))).toBe(minimum);
    // At its minimum the account cannot even bid a fee: refused before any ledger, nothing spent.
    const broke = await payApp(user, '0.0000001');
    expect(broke).toMatchObject({ status: 400, body: { extras: { result_codes: { transaction: 'tx_insufficient_balance' } } } });
    expect(stroops(await nativeBalance(h.emulator, user.wallet_address))).toBe(minimum);
  }

  it('reports subentry_count 0 for a plain account and the base reserve (0.5) on the latest ledger', async () => {
    expect(await accountOf(h.emulator.appWallet.address)).toMatchObject({ subentry_count: 0 });
    expect(await latestLedger()).toMatchObject({ base_reserve_in_stroops: 5_000_000 });
  });

  it('keeps (2 + 0) × 0.5 = 1: a payment one stroop over what the account may spend fails with op_underfunded, exactly that amount succeeds', async () => {
    await boundary(await h.createUser(), 10_000_000n);
  });

  it('raises the minimum by a base reserve for each subentry', async () => {
    const user = await h.createUser();
    expect(await control(h.emulator, 'PUT', `/ledger/accounts/${user.wallet_address}`, { subentry_count: 3 })).toEqual({ id: user.wallet_address, subentry_count: 3 });
    expect(await accountOf(user.wallet_address)).toMatchObject({ subentry_count: 3 });
    await boundary(user, 25_000_000n);
  });

  it('follows a configured base reserve, which the ledgers closed under it report', async () => {
    await control(h.emulator, 'PUT', '/config', { base_reserve: 20_000_000 });
    try {
      const user = await h.createUser();
      await boundary(user, 40_000_000n);
      expect(await latestLedger()).toMatchObject({ base_reserve_in_stroops: 20_000_000 });
    } finally {
      await control(h.emulator, 'PUT', '/config', { base_reserve: 5_000_000 });
    }
  });

  it('lets an account pay itself any amount, as core does: nothing moves but the fee', async () => {
    const user = await h.createUser();
    const self = await pay(h.emulator, { from: user.wallet_seed, to: user.wallet_address, amount: '1000' });
    expect(self).toMatchObject({ status: 200, body: { successful: true } });
    expect(await nativeBalance(h.emulator, user.wallet_address)).toBe('99.9900000');
  });
});
