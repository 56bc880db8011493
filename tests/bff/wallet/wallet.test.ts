import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedAmount, toScaled } from '../../../common/amount.ts';
import type { WalletView } from '../../../bff/src/wallet/wallet-service.ts';
import { clearFaults, control, createUser, nativeBalance, setFaults } from '../../support/emulator-control.ts';
import { payAppWallet, payFromAppWallet } from '../../support/chain-transactions.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The app wallet as Horizon shows it, with what accepted rewards will take from it. */
describe.each(storeKinds)('the wallet on %s', (kind) => {
  let t: TestApp;
  let support: string;
  let manager: string;
  let admin: string;

  beforeAll(async () => {
    // No ledger closes unless the test closes it: a sent reward stays reserved until then.
    t = await createTestApp(kind, { rewardChain: true, network: { ledgerCloseMs: 600_000, horizonSubmitTimeoutMs: 60_000 }, rewardAnswerWithinMs: 500 });
    [support, manager, admin] = await Promise.all([t.signInAs('support'), t.signInAs('manager'), t.signInAs('admin')]);
  });
  afterAll(() => t.close());

  const walletOf = async (cookie = support): Promise<WalletView> => {
    const response = await t.request('GET', '/api/wallet', { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { wallet: WalletView }).wallet;
  };

  it('shows the balance, the minimum the network keeps, the fee, and what a sent reward still reserves', async () => {
    const address = t.emulator.appWallet.address;
    const before = await walletOf();
    expect(before).toMatchObject({ address, balance: await nativeBalance(t.emulator, address), minimumBalance: '1.0000000', baseFee: '0.0100000', baseReserve: '0.5000000', reserved: { amount: '0.0000000', rewards: 0 } });
    expect(before.network.length).toBeGreaterThan(0);

    const user = await createUser(t.emulator);
    const answer = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount: '2.5', memo: 'wallet' }, headers: { 'idempotency-key': `wallet-${kind}` } });
    const { reward } = (await answer.json()) as { reward: { id: string; state: string; paymentId: string } };
    expect(reward.state).toBe('signed');
    const waiting = await walletOf();
    expect(waiting.reserved).toEqual({ amount: '2.5100000', rewards: 1 });
    expect(waiting.available).toBe(minus(waiting.balance, '1.0000000', '2.5100000'));

    await expect.poll(async () => (await control<{ queued: string[] }>(t.emulator, 'GET', '/ledger/queue')).queued.length, { timeout: 20_000 }).toBe(1);
    await control(t.emulator, 'POST', '/ledger/close');
    await expect.poll(async () => ((await (await t.request('GET', `/api/rewards/${reward.id}`, { cookie: manager })).json()) as { reward: { state: string } }).reward.state, { timeout: 20_000 }).toBe('completed');

    const after = await walletOf();
    expect(after.reserved).toEqual({ amount: '0.0000000', rewards: 0 });
    expect(after.balance).toBe(minus(before.balance, '2.5100000'));
    expect(after.recent[0]).toMatchObject({ direction: 'out', counterparty: user.wallet_address, amount: '2.5000000', fee: '0.0100000', memo: reward.paymentId, successful: true });
    expect(after.recent[0]?.transactionLink).toMatch(new RegExp(`/transactions/${after.recent[0]?.hash ?? 'none'}$`));
  });

  /** Sends a transaction as any client would, and closes the ledger that takes it. */
  async function landed<T>(sending: Promise<T>): Promise<T> {
    await expect.poll(async () => (await control<{ queued: string[] }>(t.emulator, 'GET', '/ledger/queue')).queued.length, { timeout: 20_000 }).toBe(1);
    await control(t.emulator, 'POST', '/ledger/close');
    return sending;
  }

  it('lists money in and out that the console did not send, and the minimum follows the wallet’s subentries', async () => {
    const user = await createUser(t.emulator);
    await landed(payAppWallet(t.emulator, user, { amount: '4', memo: 'top-up' }));
    await landed(payFromAppWallet(t.emulator, { to: user.wallet_address, amount: '1', memo: 'old script' }));
    const [out, incoming] = (await walletOf()).recent;
    expect(out).toMatchObject({ direction: 'out', counterparty: user.wallet_address, amount: '1.0000000', fee: '0.0100000', memo: 'old script', successful: true });
    expect(incoming).toMatchObject({ direction: 'in', counterparty: user.wallet_address, amount: '4.0000000', fee: '0.0000000', memo: 'top-up', successful: true });

    await control(t.emulator, 'PUT', `/ledger/accounts/${t.emulator.appWallet.address}`, { subentry_count: 3 });
    try {
      expect((await walletOf()).minimumBalance).toBe('2.5000000');
    } finally {
      await control(t.emulator, 'PUT', `/ledger/accounts/${t.emulator.appWallet.address}`, { subentry_count: 0 });
    }
  });

  it('says when available funds fall below the admin’s threshold; only admins set it, and a bad one is refused in words', async () => {
    expect((await walletOf()).lowBalance).toBeNull();
    expect((await t.request('PUT', '/api/settings/wallet', { cookie: manager, body: { lowBalance: '10' } })).status).toBe(403);
    const bad = await t.request('PUT', '/api/settings/wallet', { cookie: admin, body: { lowBalance: '-3' } });
    expect(bad.status).toBe(400);

    const available = (await walletOf()).available;
    expect((await t.request('PUT', '/api/settings/wallet', { cookie: admin, body: { lowBalance: plus(available, '0.0000001') } })).status).toBe(200);
    expect((await walletOf()).lowBalance).toEqual({ threshold: plus(available, '0.0000001'), below: true });
    expect((await t.request('PUT', '/api/settings/wallet', { cookie: admin, body: { lowBalance: available } })).status).toBe(200);
    expect((await walletOf()).lowBalance).toEqual({ threshold: available, below: false });
    const audited = await t.store.sql.rows<{ action: string }>(`SELECT action FROM audit_events WHERE target = 'settings:wallet'`);
    expect(audited.map((row) => row.action)).toEqual(['settings.wallet', 'settings.wallet']);
  });

  it('answers a gateway error in words, not a 500, while Horizon does not answer', async () => {
    await setFaults(t.emulator, [{ route: 'GET /horizon/accounts/*', kind: 'error', status: 503 }]);
    try {
      const response = await t.request('GET', '/api/wallet', { cookie: support });
      expect(response.status).toBe(502);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('horizon_unavailable');
    } finally {
      await clearFaults(t.emulator);
    }
  });
});

describe('the wallet without an app wallet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('says there is none', async () => {
    const response = await t.request('GET', '/api/wallet', { cookie: await t.signInAs('support') });
    expect(await response.json()).toEqual({ wallet: null });
  });
});

const minus = (from: string, ...amounts: string[]): string => fixedAmount(amounts.reduce((left, amount) => left - toScaled(amount), toScaled(from)));
const plus = (left: string, right: string): string => fixedAmount(toScaled(left) + toScaled(right));
