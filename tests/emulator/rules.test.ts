import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentDTO } from '../../emulator/src/dto.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { Harness } from '../support/emulator-control.ts';

interface IncompleteList {
  incomplete_server_payments: PaymentDTO[];
}

let h: Harness;
afterEach(() => h.close());

const incomplete = async (h: Harness) =>
  (await h.ok<IncompleteList>('GET', '/v2/payments/incomplete_server_payments')).incomplete_server_payments;

const createReply = (h: Harness, uid: string) =>
  h.request('POST', '/v2/payments', { body: { payment: { amount: 2, memo: 'again', metadata: {}, uid } } });

describe('the ongoing-payment rule', () => {
  it('per_user (default) blocks only the same user, until the payment is completed or cancelled', async () => {
    h = await startHarness();
    const [alice, bob] = [await h.createUser(), await h.createUser()];
    const first = await h.createA2U(alice.uid);

    const blocked = await createReply(h, alice.uid);
    expect(blocked.status).toBe(400);
    expect(blocked.json.error).toBe('ongoing_payment_found');
    expect(blocked.json.payment?.identifier).toBe(first.identifier);

    await h.createA2U(bob.uid);
    expect(await h.ok('GET', '/__control/stats')).toEqual({ peak_open_a2u: 2, ongoing_refusals: 1 });
    await h.ok('POST', `/v2/payments/${first.identifier}/cancel`);
    const next = await h.createA2U(alice.uid);

    const tx = await h.ok<PaymentDTO>('POST', `/__control/payments/${next.identifier}/transaction`, {});
    expect((await createReply(h, alice.uid)).json.error).toBe('ongoing_payment_found');
    await h.ok('POST', `/v2/payments/${next.identifier}/complete`, { txid: tx.transaction?.txid });
    await h.createA2U(alice.uid);
  });

  it('per_app blocks every user while any A2U payment is open', async () => {
    h = await startHarness({ ongoingRule: 'per_app' });
    const [alice, bob] = [await h.createUser(), await h.createUser()];
    const first = await h.createA2U(alice.uid);
    const blocked = await createReply(h, bob.uid);
    expect(blocked.status).toBe(400);
    expect(blocked.json.error).toBe('ongoing_payment_found');
    expect(blocked.json.payment?.identifier).toBe(first.identifier);
    await h.ok('POST', `/v2/payments/${first.identifier}/cancel`);
    await h.createA2U(bob.uid);
    expect(await h.ok('GET', '/__control/stats')).toEqual({ peak_open_a2u: 1, ongoing_refusals: 1 });
    await h.ok('DELETE', '/__control/stats');
    expect(await h.ok('GET', '/__control/stats')).toEqual({ peak_open_a2u: 1, ongoing_refusals: 0 });
  });

  it('switches rules at run time through /__control/config', async () => {
    h = await startHarness();
    const [alice, bob] = [await h.createUser(), await h.createUser()];
    await h.createA2U(alice.uid);
    expect(await h.ok('PUT', '/__control/config', { ongoing_rule: 'per_app' })).toMatchObject({ ongoing_rule: 'per_app' });
    expect((await createReply(h, bob.uid)).json.error).toBe('ongoing_payment_found');
    await h.ok('PUT', '/__control/config', { ongoing_rule: 'per_user' });
    expect((await createReply(h, bob.uid)).status).toBe(200);
  });
});

describe('GET /v2/payments/incomplete_server_payments', () => {
  it('lists every open A2U payment oldest first, and drops completed and cancelled ones', async () => {
    h = await startHarness();
    const users = [await h.createUser(), await h.createUser(), await h.createUser()];
    const [a, b, c] = [await h.createA2U(users[0]!.uid), await h.createA2U(users[1]!.uid), await h.createA2U(users[2]!.uid)];
    await h.createU2A(users[0]!.uid);
    expect((await incomplete(h)).map((p) => p.identifier)).toEqual([a.identifier, b.identifier, c.identifier]);

    const signed = await h.ok<PaymentDTO>('POST', `/__control/payments/${b.identifier}/transaction`, {});
    const listed = await incomplete(h);
    expect(listed[1]).toEqual(signed);

    await h.ok('POST', `/v2/payments/${a.identifier}/cancel`);
    await h.ok('POST', `/v2/payments/${b.identifier}/complete`, { txid: signed.transaction?.txid });
    expect((await incomplete(h)).map((p) => p.identifier)).toEqual([c.identifier]);
  });

  it('latest_only returns at most the latest one', async () => {
    h = await startHarness({ incompleteList: 'latest_only' });
    expect(await incomplete(h)).toEqual([]);
    const [alice, bob] = [await h.createUser(), await h.createUser()];
    await h.createA2U(alice.uid);
    const latest = await h.createA2U(bob.uid);
    expect((await incomplete(h)).map((p) => p.identifier)).toEqual([latest.identifier]);
    await h.ok('PUT', '/__control/config', { incomplete_list: 'all' });
    expect(await incomplete(h)).toHaveLength(2);
  });

  it('with stale_incomplete_transactions, lists transaction: null while GET by id shows the truth', async () => {
    h = await startHarness();
    const p = await h.createA2U((await h.createUser()).uid);
    const signed = await h.ok<PaymentDTO>('POST', `/__control/payments/${p.identifier}/transaction`, {});
    const config = await h.ok('PUT', '/__control/config', { stale_incomplete_transactions: true });
    expect(config).toMatchObject({ ongoing_rule: 'per_user', incomplete_list: 'all', u2a_expiry_ms: 60_000, stale_incomplete_transactions: true });

    const [listed] = await incomplete(h);
    expect(listed?.transaction).toBeNull();
    expect(listed?.status.transaction_verified).toBe(false);
    expect(await h.ok('GET', `/v2/payments/${p.identifier}`)).toEqual(signed);
    const cancel = await h.request('POST', `/v2/payments/${p.identifier}/cancel`);
    expect(cancel.json.error).toBe('payment_tx_present');
  });
});

describe('/__control/config', () => {
  it('reports the options it was started with and refuses bad values', async () => {
    h = await startHarness({ ongoingRule: 'per_app', incompleteList: 'latest_only', u2aExpiryMs: 5000 });
    expect(await h.ok('GET', '/__control/config')).toEqual({
      ongoing_rule: 'per_app',
      incomplete_list: 'latest_only',
      u2a_expiry_ms: 5000,
      stale_incomplete_transactions: false,
      // The chain's defaults: a ledger per transaction (tests pick a pace), the platform's fee and Stellar's reserve.
      ledger_close_ms: 0,
      horizon_submit_timeout_ms: 30_000,
      max_tx_per_ledger: 1000,
      base_fee: 100_000,
      base_reserve: 5_000_000,
    });
    for (const body of [{ ongoing_rule: 'per_planet' }, { u2a_expiry_ms: -1 }, { ledger_close_ms: -1 }, { base_fee: 0 }, { unknown: true }, []]) {
      const reply = await h.request('PUT', '/__control/config', { body });
      expect(reply.status).toBe(400);
      expect(reply.json.error).toBe('invalid_arguments');
    }
    expect(await h.ok('GET', '/__control/config')).toMatchObject({ ongoing_rule: 'per_app' });
  });
});
