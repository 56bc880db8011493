import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDTO } from '../../emulator/src/dto.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { Harness } from '../support/emulator-control.ts';

let h: Harness;
const EXPIRY_MS = 150;

beforeAll(async () => {
  h = await startHarness({ u2aExpiryMs: EXPIRY_MS });
});
afterAll(() => h.close());

const post = (path: string, body?: unknown) => h.request<PaymentDTO & { error?: string }>('POST', path, { body });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('U2A payments', () => {
  it('runs create → approve → user signs → complete', async () => {
    const buyer = await h.createUser();
    const p = await h.createU2A(buyer.uid, 3.5);
    expect(p).toMatchObject({
      user_uid: buyer.uid,
      amount: 3.5,
      direction: 'user_to_app',
      from_address: buyer.wallet_address,
      to_address: h.emulator.appWallet.address,
      transaction: null,
      status: { developer_approved: false, transaction_verified: false, developer_completed: false, cancelled: false, user_cancelled: false },
    });

    const early = await post(`/__control/payments/${p.identifier}/user-sign`);
    expect(early.status).toBe(400);
    expect(early.json.error).toBe('not_approved');

    const approved = await h.ok<PaymentDTO>('POST', `/v2/payments/${p.identifier}/approve`);
    expect(approved.status.developer_approved).toBe(true);
    expect(await h.ok('POST', `/v2/payments/${p.identifier}/approve`, {})).toEqual(approved);

    const signed = await h.ok<PaymentDTO>('POST', `/__control/payments/${p.identifier}/user-sign`);
    expect(signed.status.transaction_verified).toBe(true);
    expect(signed.transaction?.verified).toBe(true);

    const completed = await h.ok<PaymentDTO>('POST', `/v2/payments/${p.identifier}/complete`, { txid: signed.transaction?.txid });
    expect(completed.status.developer_completed).toBe(true);

    const approveAgain = await post(`/v2/payments/${p.identifier}/approve`);
    expect(approveAgain.status).toBe(400);
    expect(approveAgain.json.error).toBe('already_completed');
  });

  it('pays on the chain when the user signs without a txid: from the user’s wallet to the app wallet, the payment id as memo', async () => {
    const buyer = await h.createUser();
    const p = await h.createU2A(buyer.uid, 2.5);
    await h.ok('POST', `/v2/payments/${p.identifier}/approve`);
    const signed = await h.ok<PaymentDTO>('POST', `/__control/payments/${p.identifier}/user-sign`);
    const tx = (await (await fetch(signed.transaction?._link ?? '')).json()) as Record<string, unknown>;
    expect(tx).toMatchObject({ hash: signed.transaction?.txid, source_account: buyer.wallet_address, memo: p.identifier, memo_type: 'text', successful: true, fee_charged: '100000' });
    const ops = await (await fetch(`${h.emulator.horizonUrl}/accounts/${buyer.wallet_address}/payments`)).json();
    expect(ops._embedded.records.at(-1)).toMatchObject({ transaction_hash: signed.transaction?.txid, from: buyer.wallet_address, to: h.emulator.appWallet.address, amount: '2.5000000' });
    const account = await (await fetch(`${h.emulator.horizonUrl}/accounts/${buyer.wallet_address}`)).json();
    expect(account.balances[0].balance).toBe('97.4900000');
  });

  it('refuses a user sign whose payment the user cannot pay, and records no transaction', async () => {
    const p = await h.createU2A((await h.createUser()).uid, 150);
    await h.ok('POST', `/v2/payments/${p.identifier}/approve`);
    const reply = await post(`/__control/payments/${p.identifier}/user-sign`);
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('user_payment_failed');
    expect((await h.ok<PaymentDTO>('GET', `/v2/payments/${p.identifier}`)).transaction).toBeNull();
  });

  it('records an unverified transaction on request, which cannot be completed', async () => {
    const p = await h.createU2A((await h.createUser()).uid);
    await h.ok('POST', `/v2/payments/${p.identifier}/approve`);
    const signed = await h.ok<PaymentDTO>('POST', `/__control/payments/${p.identifier}/user-sign`, { verified: false });
    expect(signed.transaction?.verified).toBe(false);
    expect(signed.status.transaction_verified).toBe(false);
    const complete = await post(`/v2/payments/${p.identifier}/complete`, { txid: signed.transaction?.txid });
    expect(complete.json.error).toBe('not_verified');
    const signAgain = await post(`/__control/payments/${p.identifier}/user-sign`);
    expect(signAgain.json.error).toBe('payment_tx_present');
  });

  it('lets the user cancel before signing, and then refuses approval', async () => {
    const p = await h.createU2A((await h.createUser()).uid);
    const cancelled = await h.ok<PaymentDTO>('POST', `/__control/payments/${p.identifier}/user-cancel`);
    expect(cancelled.status).toMatchObject({ user_cancelled: true, cancelled: false });
    const approve = await post(`/v2/payments/${p.identifier}/approve`);
    expect(approve.status).toBe(400);
    expect(approve.json.error).toBe('cancelled_payment');
    expect((await post(`/__control/payments/${p.identifier}/user-cancel`)).json.error).toBe('cancelled_payment');
  });

  it('refuses a user cancel after signing', async () => {
    const p = await h.createU2A((await h.createUser()).uid);
    await h.ok('POST', `/v2/payments/${p.identifier}/approve`);
    await h.ok('POST', `/__control/payments/${p.identifier}/user-sign`);
    const reply = await post(`/__control/payments/${p.identifier}/user-cancel`);
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('payment_tx_present');
  });

  it('lets the developer cancel an approved payment, refusing approval afterwards', async () => {
    const p = await h.createU2A((await h.createUser()).uid);
    await h.ok('POST', `/v2/payments/${p.identifier}/approve`);
    await h.ok('POST', `/v2/payments/${p.identifier}/cancel`);
    expect((await post(`/v2/payments/${p.identifier}/approve`)).json.error).toBe('cancelled_payment');
  });

  it('blocks the user’s next U2A payment while one is unfinished', async () => {
    const buyer = await h.createUser();
    const first = await h.createU2A(buyer.uid);
    const blocked = await h.request('POST', '/__control/u2a', { body: { uid: buyer.uid, amount: 1, memo: 'm', metadata: {} } });
    expect(blocked.status).toBe(400);
    expect(blocked.json.error).toBe('ongoing_payment_found');
    expect(blocked.json.payment?.identifier).toBe(first.identifier);
    await h.createU2A((await h.createUser()).uid);
    await h.ok('POST', `/__control/payments/${first.identifier}/user-cancel`);
    await h.createU2A(buyer.uid);
  });

  it('expires an unapproved payment after the window, unblocking the user', async () => {
    const buyer = await h.createUser();
    const p = await h.createU2A(buyer.uid);
    const approvedInTime = await h.createU2A((await h.createUser()).uid);
    await h.ok('POST', `/v2/payments/${approvedInTime.identifier}/approve`);
    await sleep(EXPIRY_MS + 50);

    const expired = await h.ok<PaymentDTO>('GET', `/v2/payments/${p.identifier}`);
    expect(expired.status).toMatchObject({ cancelled: true, developer_approved: false, user_cancelled: false });
    expect((await post(`/v2/payments/${p.identifier}/approve`)).json.error).toBe('cancelled_payment');
    expect((await h.ok<PaymentDTO>('GET', `/v2/payments/${approvedInTime.identifier}`)).status.cancelled).toBe(false);
    await h.createU2A(buyer.uid);
  });

  it('validates control bodies', async () => {
    const buyer = await h.createUser();
    const cases: Array<[unknown, number, string]> = [
      [{ uid: buyer.uid, amount: 1, memo: 'm' }, 400, 'invalid_arguments'],
      [{ uid: buyer.uid, amount: 1, memo: 'm', metadata: [] }, 400, 'invalid_arguments'],
      [{ uid: buyer.uid, amount: 0.123456789, memo: 'm', metadata: {} }, 400, 'invalid_amount'],
      [{ uid: 'nobody', amount: 1, memo: 'm', metadata: {} }, 404, 'user_not_found'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await h.request('POST', '/__control/u2a', { body });
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(reply.json.error).toBe(code);
    }
    const notJson = await h.request('POST', '/__control/u2a', { raw: 'nope' });
    expect(notJson.status).toBe(400);
    const a2u = await h.createA2U(buyer.uid);
    expect((await post(`/__control/payments/${a2u.identifier}/user-sign`)).json.error).toBe('invalid_arguments');
    expect((await post(`/__control/payments/${a2u.identifier}/user-cancel`)).json.error).toBe('invalid_arguments');
    const u2a = await h.createU2A(buyer.uid);
    expect((await post(`/__control/payments/${u2a.identifier}/transaction`, {})).json.error).toBe('invalid_arguments');
    expect((await post('/__control/payments/unknown/user-sign')).status).toBe(404);
  });
});

describe('POST /__control/users', () => {
  it('creates users with default or chosen scopes and refuses bad input', async () => {
    const user = await h.createUser({ username: 'zoe' });
    expect(user).toEqual({
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: 'zoe',
      access_token: expect.any(String),
      wallet_address: expect.stringMatching(/^G[A-Z2-7]{55}$/),
      wallet_seed: expect.stringMatching(/^S[A-Z2-7]{55}$/),
      scopes: ['username', 'payments', 'wallet_address'],
    });
    expect(user.access_token.length).toBeGreaterThanOrEqual(40);
    expect((await h.createUser({ scopes: ['payments'] })).scopes).toEqual(['payments']);
    expect((await h.request('POST', '/__control/users', { body: { username: 'zoe' } })).json.error).toBe('username_taken');
    expect((await h.request('POST', '/__control/users', { body: { scopes: ['root'] } })).status).toBe(400);
    expect((await h.request('POST', '/__control/users', { body: { username: '' } })).status).toBe(400);
  });
});
