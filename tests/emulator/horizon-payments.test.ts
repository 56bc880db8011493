import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDTO } from '../../emulator/src/dto.ts';
import { ledgerTransactions, nativeBalance } from '../support/emulator-control.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { Harness } from '../support/emulator-control.ts';
import { buildPaymentTx, horizonServer, submitRaw } from './horizon-helpers.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const complete = (p: PaymentDTO, txid: string) => h.request('POST', `/v2/payments/${p.identifier}/complete`, { body: { txid } });
const paymentsTo = async (address: string) => (await ledgerTransactions(h.emulator)).filter((tx) => tx.destination === address && tx.successful);

describe('paying an A2U payment through Horizon with stellar-sdk', () => {
  it('links a matching transaction as verified, completes, and moves the money exactly once', async () => {
    const user = await h.createUser();
    const payment = await h.createA2U(user.uid, 2.5);
    const walletBefore = await nativeBalance(h.emulator, h.emulator.appWallet.address);
    expect(await nativeBalance(h.emulator, user.wallet_address)).toBe('100.0000000');

    const tx = await buildPaymentTx(h.emulator, payment);
    const answer = await horizonServer(h.emulator).submitTransaction(tx);
    expect(answer).toMatchObject({ hash: tx.hash().toString('hex'), successful: true });
    expect(answer.ledger).toBeGreaterThan(0);

    const linked = await h.ok<PaymentDTO>('GET', `/v2/payments/${payment.identifier}`);
    expect(linked.transaction).toEqual({ txid: answer.hash, verified: true, _link: `${h.emulator.horizonUrl}/transactions/${answer.hash}` });
    expect(linked.status.transaction_verified).toBe(true);

    const completed = await complete(payment, answer.hash);
    expect(completed.status).toBe(200);
    expect((completed.json as unknown as PaymentDTO).status.developer_completed).toBe(true);

    expect(await nativeBalance(h.emulator, user.wallet_address)).toBe('102.5000000');
    expect(BigInt((await nativeBalance(h.emulator, h.emulator.appWallet.address)).replace('.', ''))).toBe(
      BigInt(walletBefore.replace('.', '')) - 25_000_000n - 100_000n,
    );
    expect(await paymentsTo(user.wallet_address)).toEqual([
      expect.objectContaining({ hash: answer.hash, amount: '2.5000000', memo: payment.identifier, source: h.emulator.appWallet.address }),
    ]);
  });

  it('answers a resubmitted envelope with the stored result and moves nothing again', async () => {
    const user = await h.createUser();
    const payment = await h.createA2U(user.uid, 1);
    const tx = await buildPaymentTx(h.emulator, payment);
    const first = await submitRaw(h.emulator, tx);
    const walletAfterFirst = await nativeBalance(h.emulator, h.emulator.appWallet.address);
    const again = await submitRaw(h.emulator, tx);
    expect(again).toEqual(first);
    expect(again.status).toBe(200);
    expect(await horizonServer(h.emulator).submitTransaction(tx)).toMatchObject({ hash: first.body.hash });
    expect(await nativeBalance(h.emulator, user.wallet_address)).toBe('101.0000000');
    expect(await nativeBalance(h.emulator, h.emulator.appWallet.address)).toBe(walletAfterFirst);
    expect(await paymentsTo(user.wallet_address)).toHaveLength(1);
  });

  it('finds an applied transaction by hash, in Horizon shape', async () => {
    const user = await h.createUser();
    const payment = await h.createA2U(user.uid, 0.0000001);
    const tx = await buildPaymentTx(h.emulator, payment);
    const { body } = await submitRaw(h.emulator, tx);
    const found = await (await fetch(`${h.emulator.horizonUrl}/transactions/${body.hash}`)).json();
    expect(found).toMatchObject({
      id: body.hash,
      hash: body.hash,
      ledger: body.ledger,
      successful: true,
      source_account: h.emulator.appWallet.address,
      memo_type: 'text',
      memo: payment.identifier,
      fee_charged: '100000',
      envelope_xdr: tx.toEnvelope().toXDR('base64'),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
  });

  it('records a transaction whose amount does not match, unverified: complete fails verification, cancel is refused', async () => {
    const user = await h.createUser();
    const payment = await h.createA2U(user.uid, 3);
    const tx = await buildPaymentTx(h.emulator, payment, { amount: '2.9999999' });
    const { status, body } = await submitRaw(h.emulator, tx);
    expect(status).toBe(200);

    const recorded = await h.ok<PaymentDTO>('GET', `/v2/payments/${payment.identifier}`);
    expect(recorded.transaction).toMatchObject({ txid: body.hash, verified: false });
    expect(recorded.status.transaction_verified).toBe(false);

    const refused = await complete(payment, body.hash);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'verification_failed', verification_error: 'tx_amount_mismatch' });
    const cancel = await h.request('POST', `/v2/payments/${payment.identifier}/cancel`);
    expect(cancel.status).toBe(400);
    expect(cancel.json.error).toBe('payment_tx_present');
    expect(await nativeBalance(h.emulator, user.wallet_address)).toBe('102.9999999');
  });

  it('records a transaction to another account unverified', async () => {
    const [user, other] = [await h.createUser(), await h.createUser()];
    const payment = await h.createA2U(user.uid, 1);
    const { body } = await submitRaw(h.emulator, await buildPaymentTx(h.emulator, payment, { destination: other.wallet_address }));
    expect((await complete(payment, body.hash)).json).toMatchObject({ error: 'verification_failed', verification_error: 'tx_destination_mismatch' });
  });

  it('moves the money of a second transaction with the same memo but does not link it', async () => {
    const user = await h.createUser();
    const payment = await h.createA2U(user.uid, 1);
    const first = await submitRaw(h.emulator, await buildPaymentTx(h.emulator, payment));
    const second = await submitRaw(h.emulator, await buildPaymentTx(h.emulator, payment));
    expect(second.status).toBe(200);
    expect(second.body.hash).not.toBe(first.body.hash);

    const linked = await h.ok<PaymentDTO>('GET', `/v2/payments/${payment.identifier}`);
    expect(linked.transaction?.txid).toBe(first.body.hash);
    expect(await nativeBalance(h.emulator, user.wallet_address)).toBe('102.0000000');
    expect(await paymentsTo(user.wallet_address)).toHaveLength(2);

    const refused = await complete(payment, second.body.hash);
    expect(refused.json).toMatchObject({ error: 'verification_failed', verification_error: 'payment_already_linked_with_a_tx' });
    expect((await complete(payment, first.body.hash)).status).toBe(200);
  });

  it('links nothing to a payment that is already settled or to a memo that names no payment', async () => {
    const user = await h.createUser();
    const payment = await h.createA2U(user.uid, 1);
    await h.ok('POST', `/v2/payments/${payment.identifier}/cancel`);
    const late = await submitRaw(h.emulator, await buildPaymentTx(h.emulator, payment));
    expect(late.status).toBe(200);
    expect((await h.ok<PaymentDTO>('GET', `/v2/payments/${payment.identifier}`)).transaction).toBeNull();
    const stray = await submitRaw(h.emulator, await buildPaymentTx(h.emulator, payment, { memo: 'no such payment' }));
    expect(stray.status).toBe(200);
  });
});
