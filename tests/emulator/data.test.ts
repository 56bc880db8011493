import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDTO, RewardedAdStatusDTO, UserDTO } from '../../emulator/src/dto.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { Harness } from '../support/emulator-control.ts';

interface Page {
  total: number;
  payments: PaymentDTO[];
}

function derivedState(p: PaymentDTO): string {
  if (p.status.developer_completed) return 'completed';
  if (p.status.user_cancelled) return 'cancelled by user';
  if (p.status.cancelled) return 'cancelled';
  if (!p.status.developer_approved) return 'awaiting approval';
  if (p.transaction === null) return 'awaiting transaction';
  if (!p.transaction.verified) return 'transaction unverified';
  return 'awaiting completion';
}

describe('sandbox demo data', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ demoData: true });
  });
  afterAll(() => h.close());

  it('has about ten users who can call /me, one without wallet_address', async () => {
    const { users } = h.emulator.demo;
    expect(users.length).toBeGreaterThanOrEqual(8);
    const scopes: string[][] = [];
    for (const user of users) {
      const reply = await h.request<UserDTO>('GET', '/v2/me', { auth: `Bearer ${user.access_token}` });
      expect(reply.status).toBe(200);
      expect(reply.json.uid).toBe(user.uid);
      scopes.push(reply.json.credentials.scopes);
    }
    expect(scopes.filter((s) => !s.includes('wallet_address'))).toHaveLength(1);
    // The same uids at every start: the public API's quick start pays sandbox-bob.
    expect(users.map((user) => user.uid)).toEqual(users.map((user) => `sandbox-${user.username}`));
  });

  it('has payments of both directions in every derived state and exactly one incomplete A2U', async () => {
    const payments = await Promise.all(h.emulator.demo.paymentIds.map((id) => h.ok<PaymentDTO>('GET', `/v2/payments/${id}`)));
    const states = (direction: string) => new Set(payments.filter((p) => p.direction === direction).map(derivedState));
    const all = ['awaiting approval', 'awaiting transaction', 'transaction unverified', 'awaiting completion', 'completed', 'cancelled', 'cancelled by user'];
    expect([...states('user_to_app')].sort()).toEqual([...all].sort());
    expect([...states('app_to_user')]).toEqual(expect.arrayContaining(['completed', 'cancelled', 'cancelled by user', 'awaiting completion']));
    expect(states('app_to_user').has('awaiting approval')).toBe(false);

    const { incomplete_server_payments: incomplete } = await h.ok<{ incomplete_server_payments: PaymentDTO[] }>(
      'GET',
      '/v2/payments/incomplete_server_payments',
    );
    expect(incomplete).toHaveLength(1);
    expect(incomplete[0]?.direction).toBe('app_to_user');
    expect(incomplete[0]?.transaction?.verified).toBe(true);
  });

  it('pays every demo payment that has a transaction by a real transaction on the ledger, and funds the wallets by create_account', async () => {
    const { appWallet, horizonUrl, demo } = h.emulator;
    const payments = await Promise.all(demo.paymentIds.map((id) => h.ok<PaymentDTO>('GET', `/v2/payments/${id}`)));
    const { transactions } = await h.ok<{ transactions: Array<{ hash: string; type: string; source: string; destination: string; amount: string; memo: string | null; successful: boolean }> }>(
      'GET',
      '/__control/ledger/transactions',
    );
    const byHash = new Map(transactions.map((tx) => [tx.hash, tx]));
    const paid = payments.filter((p) => p.transaction !== null);
    expect(paid.length).toBeGreaterThanOrEqual(6);
    for (const payment of paid) {
      const tx = byHash.get(payment.transaction?.txid ?? '');
      const [from, to] = payment.direction === 'app_to_user' ? [appWallet.address, payment.to_address] : [payment.from_address, appWallet.address];
      expect(tx).toMatchObject({ type: 'payment', source: from, destination: to, amount: payment.amount.toFixed(7), memo: payment.identifier, successful: true });
      const horizon = await fetch(payment.transaction?._link ?? '');
      expect(await horizon.json()).toMatchObject({ hash: payment.transaction?.txid, memo: payment.identifier, source_account: from, successful: true });
    }
    // Every transaction on the demo chain is a funding or a demo payment's.
    expect(transactions.filter((tx) => tx.type === 'payment')).toHaveLength(paid.length);

    const history = await (await fetch(`${horizonUrl}/accounts/${appWallet.address}/payments?limit=200`)).json();
    const [funding] = history._embedded.records;
    expect(funding).toMatchObject({ type: 'create_account', type_i: 0, account: appWallet.address, starting_balance: '1000000000.0000000' });
    expect(funding.funder).toBe(funding.source_account);
    for (const user of demo.users) {
      const wallet = payments.find((p) => p.user_uid === user.uid && p.direction === 'user_to_app')?.from_address;
      if (wallet === undefined) continue;
      const own = await (await fetch(`${horizonUrl}/accounts/${wallet}/payments?limit=1`)).json();
      expect(own._embedded.records[0]).toMatchObject({ type: 'create_account', funder: funding.funder, account: wallet, starting_balance: '100.0000000' });
    }
  });

  it('has ads in each status', async () => {
    const ads = await Promise.all(h.emulator.demo.adIds.map((id) => h.ok<RewardedAdStatusDTO>('GET', `/v2/ads_network/status/${id}`)));
    expect(ads.map((ad) => ad.mediator_ack_status)).toEqual([null, 'granted', 'revoked', 'failed']);
  });
});

describe('POST /__control/seed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('seeds 10,000 payments quickly, in a realistic mix, without incomplete A2U payments', async () => {
    const started = performance.now();
    expect(await h.ok('POST', '/__control/seed', { count: 10_000 })).toEqual({ count: 10_000 });
    expect(performance.now() - started).toBeLessThan(2_000);

    const first = await h.ok<Page>('GET', '/__control/payments?offset=0&limit=10000');
    expect(first.total).toBe(10_000);
    expect(first.payments).toHaveLength(10_000);
    const ids = new Set(first.payments.map((p) => p.identifier));
    expect(ids.size).toBe(10_000);
    expect([...ids].every((id) => /^[A-Za-z0-9]{28}$/.test(id))).toBe(true);

    const count = (predicate: (p: PaymentDTO) => boolean) => first.payments.filter(predicate).length;
    expect(count((p) => p.direction === 'app_to_user')).toBeGreaterThan(2_000);
    expect(count((p) => p.direction === 'user_to_app')).toBeGreaterThan(2_000);
    const states = new Set(first.payments.map((p) => `${p.direction} ${derivedState(p)}`));
    expect(states.size).toBeGreaterThanOrEqual(7);
    expect(new Set(first.payments.map((p) => p.user_uid)).size).toBeGreaterThan(5);
    const times = first.payments.map((p) => Date.parse(p.created_at));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(30 * 24 * 60 * 60 * 1000);

    const { incomplete_server_payments } = await h.ok<{ incomplete_server_payments: unknown[] }>('GET', '/v2/payments/incomplete_server_payments');
    expect(incomplete_server_payments).toEqual([]);
    const user = await h.createUser();
    await h.createA2U(user.uid);
  });

  it('pages /__control/payments in creation order', async () => {
    const user = await h.createUser();
    const u2a = await h.createU2A(user.uid);
    const page = await h.ok<Page>('GET', '/__control/payments?offset=9998&limit=5');
    expect(page.total).toBe(10_002);
    expect(page.payments).toHaveLength(4);
    expect(page.payments.at(-1)).toEqual(u2a);
    const defaults = await h.ok<Page>('GET', '/__control/payments');
    expect(defaults.payments).toHaveLength(100);
    expect((await h.ok<Page>('GET', '/__control/payments?offset=20000')).payments).toEqual([]);
  });

  it('seeded transactions resolve on Horizon', async () => {
    const page = await h.ok<Page>('GET', '/__control/payments?offset=0&limit=50');
    const signed = page.payments.find((p) => p.transaction !== null);
    const horizon = await fetch(signed?.transaction?._link ?? '');
    expect(horizon.status).toBe(200);
    expect(await horizon.json()).toMatchObject({ memo: signed?.identifier, successful: true });
  });

  it.each([[{ count: 0 }], [{ count: 1_000_001 }], [{ count: 1.5 }], [{}]])('refuses %j', async (body) => {
    const reply = await h.request('POST', '/__control/seed', { body });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('invalid_arguments');
  });

  it('refuses bad paging', async () => {
    for (const query of ['limit=0', 'limit=10001', 'offset=-1', 'limit=abc']) {
      expect((await h.request('GET', `/__control/payments?${query}`)).status).toBe(400);
    }
  });
});
