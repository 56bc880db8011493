import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDTO } from '../../emulator/src/dto.ts';
import { crc16xmodem } from '../../emulator/src/strkey.ts';
import { decodeStrKey } from './strkey-decode.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { ControlUser, Harness } from '../support/emulator-control.ts';

let h: Harness;
let user: ControlUser;

beforeAll(async () => {
  h = await startHarness();
  user = await h.createUser();
});
afterAll(() => h.close());

const attachTransaction = (h: Harness, id: string, body: { verified?: boolean; txid?: string } = {}) =>
  h.ok<PaymentDTO>('POST', `/__control/payments/${id}/transaction`, body);

function expectValidAddress(address: string): void {
  expect(address).toMatch(/^G[A-Z2-7]{55}$/);
  const { version, payload, checksum } = decodeStrKey(address);
  expect(version).toBe(6 << 3);
  expect(crc16xmodem(Buffer.concat([Buffer.from([version]), payload]))).toBe(checksum);
}

describe('POST /v2/payments (A2U create)', () => {
  it('creates an approved A2U payment with no transaction', async () => {
    const buyer = await h.createUser();
    const before = Date.now();
    const reply = await h.request<PaymentDTO>('POST', '/v2/payments', {
      body: { payment: { amount: 1.2345678, memo: 'Level 3 reward', metadata: { order: 7 }, uid: buyer.uid } },
    });
    expect(reply.status).toBe(200);
    const p = reply.json;
    expect(Object.keys(p).sort()).toEqual(
      ['amount', 'created_at', 'direction', 'from_address', 'identifier', 'memo', 'metadata', 'network', 'status', 'to_address', 'transaction', 'user_uid'],
    );
    expect(p.identifier).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(p.user_uid).toBe(buyer.uid);
    expect(p.amount).toBe(1.2345678);
    expect(reply.text).toContain('"amount":1.2345678');
    expect(p.memo).toBe('Level 3 reward');
    expect(p.metadata).toEqual({ order: 7 });
    expect(p.direction).toBe('app_to_user');
    expect(p.network).toBe('Plat Testnet');
    expect(p.from_address).toBe(h.emulator.appWallet.address);
    expect(p.to_address).toBe(buyer.wallet_address);
    expectValidAddress(p.from_address);
    expectValidAddress(p.to_address);
    expect(p.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(p.created_at)).toBeGreaterThanOrEqual(before - 1);
    expect(p.status).toEqual({
      developer_approved: true,
      transaction_verified: false,
      developer_completed: false,
      cancelled: false,
      user_cancelled: false,
    });
    expect(p.transaction).toBeNull();
    expect(await h.ok<PaymentDTO>('GET', `/v2/payments/${p.identifier}`)).toEqual(p);
  });

  it.each([
    ['no body', undefined, 'invalid_arguments'],
    ['no payment object', { amount: 1 }, 'invalid_arguments'],
    ['missing amount', { payment: { memo: 'm', metadata: {}, uid: 'u' } }, 'invalid_arguments'],
    ['missing memo', { payment: { amount: 1, metadata: {}, uid: 'u' } }, 'invalid_arguments'],
    ['missing metadata', { payment: { amount: 1, memo: 'm', uid: 'u' } }, 'invalid_arguments'],
    ['missing uid', { payment: { amount: 1, memo: 'm', metadata: {} } }, 'invalid_arguments'],
    ['a non-string memo', { payment: { amount: 1, memo: 5, metadata: {}, uid: 'u' } }, 'invalid_arguments'],
    ['a zero amount', { payment: { amount: 0, memo: 'm', metadata: {}, uid: 'u' } }, 'invalid_amount'],
    ['a negative amount', { payment: { amount: -1, memo: 'm', metadata: {}, uid: 'u' } }, 'invalid_amount'],
    ['a string amount', { payment: { amount: '1', memo: 'm', metadata: {}, uid: 'u' } }, 'invalid_amount'],
    ['8 decimals', { payment: { amount: 0.00000001, memo: 'm', metadata: {}, uid: 'u' } }, 'invalid_amount'],
    ['a float artefact', { payment: { amount: 0.1 + 0.2, memo: 'm', metadata: {}, uid: 'u' } }, 'invalid_amount'],
    ['metadata array', { payment: { amount: 1, memo: 'm', metadata: [1], uid: 'u' } }, 'invalid_metadata'],
    ['metadata string', { payment: { amount: 1, memo: 'm', metadata: 'x', uid: 'u' } }, 'invalid_metadata'],
  ])('refuses %s with 400', async (_name, body, code) => {
    const reply = await h.request('POST', '/v2/payments', { body });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe(code);
    expect(reply.json.error_message).toEqual(expect.any(String));
  });

  it('refuses a body that is not JSON', async () => {
    const reply = await h.request('POST', '/v2/payments', { raw: '{"payment":' });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('invalid_arguments');
  });

  it('answers 404 user_not_found for an unknown uid', async () => {
    const reply = await h.request('POST', '/v2/payments', { body: { payment: { amount: 1, memo: 'm', metadata: {}, uid: 'nobody' } } });
    expect(reply.status).toBe(404);
    expect(reply.json.error).toBe('user_not_found');
  });

  it('answers 401 missing_scope for a user without wallet_address', async () => {
    const private_ = await h.createUser({ scopes: ['username', 'payments'] });
    const reply = await h.request('POST', '/v2/payments', { body: { payment: { amount: 1, memo: 'm', metadata: {}, uid: private_.uid } } });
    expect(reply.status).toBe(401);
    expect(reply.json.error).toBe('missing_scope');
  });
});

describe('A2U lifecycle', () => {
  it('completes with the verified transaction’s txid, once', async () => {
    const p = await h.createA2U((await h.createUser()).uid);
    const signed = await attachTransaction(h, p.identifier);
    expect(signed.transaction?.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.transaction?.verified).toBe(true);
    expect(signed.status.transaction_verified).toBe(true);
    const txid = signed.transaction?.txid ?? '';
    expect(signed.transaction?._link).toBe(`${h.emulator.origin}/horizon/transactions/${txid}`);

    const horizon = await fetch(signed.transaction?._link ?? '');
    expect(horizon.status).toBe(200);
    expect(await horizon.json()).toEqual({ id: txid, hash: txid, ledger: expect.any(Number), memo: p.identifier, memo_type: 'text', successful: true, created_at: expect.stringMatching(/Z$/) });

    const mismatch = await h.request('POST', `/v2/payments/${p.identifier}/complete`, { body: { txid: 'f'.repeat(64) } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error).toBe('txid_mismatch');

    const done = await h.ok<PaymentDTO>('POST', `/v2/payments/${p.identifier}/complete`, { txid });
    expect(done.status.developer_completed).toBe(true);

    const again = await h.request('POST', `/v2/payments/${p.identifier}/complete`, { body: { txid } });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('already_completed');

    const cancel = await h.request('POST', `/v2/payments/${p.identifier}/cancel`);
    expect(cancel.status).toBe(400);
    expect(cancel.json.error).toBe('already_completed');
    expect(cancel.json.payment?.identifier).toBe(p.identifier);
  });

  it('refuses to complete without a txid or without a verified transaction', async () => {
    const p = await h.createA2U((await h.createUser()).uid);
    for (const body of [undefined, {}, { txid: '' }, { txid: 5 }]) {
      const reply = await h.request('POST', `/v2/payments/${p.identifier}/complete`, { body });
      expect(reply.status).toBe(400);
      expect(reply.json.error).toBe('missing_txid');
    }
    const none = await h.request('POST', `/v2/payments/${p.identifier}/complete`, { body: { txid: 'a'.repeat(64) } });
    expect(none.json.error).toBe('not_verified');

    const txid = 'b'.repeat(64);
    const unverified = await attachTransaction(h, p.identifier, { verified: false, txid });
    expect(unverified.transaction).toMatchObject({ txid, verified: false });
    expect(unverified.status.transaction_verified).toBe(false);
    const reply = await h.request('POST', `/v2/payments/${p.identifier}/complete`, { body: { txid } });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('not_verified');
  });

  it('cancels a payment without a transaction, then refuses everything', async () => {
    const p = await h.createA2U((await h.createUser()).uid);
    const cancelled = await h.ok<PaymentDTO>('POST', `/v2/payments/${p.identifier}/cancel`, {});
    expect(cancelled.status.cancelled).toBe(true);

    const cancelAgain = await h.request('POST', `/v2/payments/${p.identifier}/cancel`);
    expect(cancelAgain.status).toBe(400);
    expect(cancelAgain.json.error).toBe('cancelled_payment');
    expect(cancelAgain.json.payment?.status.cancelled).toBe(true);

    const complete = await h.request('POST', `/v2/payments/${p.identifier}/complete`, { body: { txid: 'c'.repeat(64) } });
    expect(complete.json.error).toBe('cancelled_payment');
    const tx = await h.request('POST', `/__control/payments/${p.identifier}/transaction`, { body: {} });
    expect(tx.status).toBe(400);
    expect(tx.json.error).toBe('cancelled_payment');
  });

  it('ignores unknown fields in a cancel body', async () => {
    const p = await h.createA2U((await h.createUser()).uid);
    const reply = await h.request<PaymentDTO>('POST', `/v2/payments/${p.identifier}/cancel`, { body: { reason: 'whatever', extra: [1] } });
    expect(reply.status).toBe(200);
    expect(reply.json.status.cancelled).toBe(true);
  });

  it('refuses to cancel once a transaction is recorded, with the payment in the body', async () => {
    const p = await h.createA2U((await h.createUser()).uid);
    await attachTransaction(h, p.identifier, { verified: false });
    const reply = await h.request('POST', `/v2/payments/${p.identifier}/cancel`);
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('payment_tx_present');
    expect(reply.json.payment?.identifier).toBe(p.identifier);
    expect(reply.json.payment?.transaction).not.toBeNull();
  });

  it('refuses to approve an A2U payment', async () => {
    const p = await h.createA2U((await h.createUser()).uid);
    const reply = await h.request('POST', `/v2/payments/${p.identifier}/approve`);
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('invalid_arguments');
  });

  it('refuses a second transaction and a txid already used elsewhere', async () => {
    const first = await h.createA2U((await h.createUser()).uid);
    const second = await h.createA2U((await h.createUser()).uid);
    const txid = 'd'.repeat(64);
    await attachTransaction(h, first.identifier, { txid });
    const twice = await h.request('POST', `/__control/payments/${first.identifier}/transaction`, { body: {} });
    expect(twice.json.error).toBe('payment_tx_present');
    const reused = await h.request('POST', `/__control/payments/${second.identifier}/transaction`, { body: { txid } });
    expect(reused.status).toBe(400);
    const badTxid = await h.request('POST', `/__control/payments/${second.identifier}/transaction`, { body: { txid: 'xyz' } });
    expect(badTxid.status).toBe(400);
    expect(badTxid.json.error).toBe('invalid_arguments');
  });

  it.each([
    ['GET', ''],
    ['POST', '/approve'],
    ['POST', '/complete'],
    ['POST', '/cancel'],
  ])('%s an unknown payment%s → 404 payment_not_found', async (method, suffix) => {
    const body = method === 'POST' ? { txid: 'a'.repeat(64) } : undefined;
    const reply = await h.request(method, `/v2/payments/NoSuchPayment000000000000000${suffix}`, { body });
    expect(reply.status).toBe(404);
    expect(reply.json.error).toBe('payment_not_found');
  });

  it('answers 404 for unknown Horizon transactions', async () => {
    const reply = await fetch(`${h.emulator.origin}/horizon/transactions/${'0'.repeat(64)}`);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/json/);
  });
});
