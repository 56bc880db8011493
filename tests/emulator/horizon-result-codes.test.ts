import { Account, Asset, Keypair, Memo, Operation, TransactionBuilder, xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDTO } from '../../emulator/src/dto.ts';
import { ledgerTransactions, nativeBalance } from '../support/emulator-control.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { Harness } from '../support/emulator-control.ts';
import { buildPaymentTx, horizonServer, submitRaw } from './horizon-helpers.ts';

let h: Harness;
let payment: PaymentDTO;

beforeAll(async () => {
  h = await startHarness();
  payment = await h.createA2U((await h.createUser()).uid, 1);
});
afterAll(() => h.close());

const accountSequence = async (id: string): Promise<bigint> => BigInt((await horizonServer(h.emulator).loadAccount(id)).sequenceNumber());
const walletSequence = () => accountSequence(h.emulator.appWallet.address);

/** Submits and expects Horizon's transaction_failed problem; answers its result codes. */
async function refused(tx: Awaited<ReturnType<typeof buildPaymentTx>>) {
  const { status, body } = await submitRaw(h.emulator, tx);
  expect(status).toBe(400);
  expect(body).toMatchObject({
    type: 'https://stellar.org/horizon-errors/transaction_failed',
    title: 'Transaction Failed',
    status: 400,
    extras: { envelope_xdr: tx.toEnvelope().toXDR('base64'), result_xdr: expect.any(String) },
  });
  expect(() => xdr.TransactionResult.fromXDR(body.extras.result_xdr, 'base64')).not.toThrow();
  return body.extras.result_codes as { transaction: string; operations?: string[] };
}

describe('Horizon accounts and fee stats', () => {
  it('shows an account in Horizon shape, with a realistic sequence', async () => {
    const account = await (await fetch(`${h.emulator.horizonUrl}/accounts/${h.emulator.appWallet.address}`)).json();
    expect(account).toMatchObject({
      id: h.emulator.appWallet.address,
      account_id: h.emulator.appWallet.address,
      sequence: expect.stringMatching(/^\d+$/),
      subentry_count: 0,
      thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
      flags: { auth_required: false },
      signers: [{ key: h.emulator.appWallet.address, weight: 1, type: 'ed25519_public_key' }],
      balances: [{ asset_type: 'native', balance: expect.stringMatching(/^\d+\.\d{7}$/) }],
    });
    expect(BigInt(account.sequence)).toBeGreaterThan(2n ** 32n);
  });

  it('answers 404 in Horizon problem shape for an unknown account', async () => {
    const reply = await fetch(`${h.emulator.horizonUrl}/accounts/${Keypair.random().publicKey()}`);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await reply.json()).toMatchObject({ type: 'https://stellar.org/horizon-errors/not_found', status: 404 });
  });

  it('gives stellar-sdk its base fee', async () => {
    // The platform's base fee: 0.01 a transaction (100000 stroops).
    expect(await horizonServer(h.emulator).fetchBaseFee()).toBe(100_000);
  });
});

describe('POST /horizon/transactions refusals', () => {
  it('refuses a body that is not a transaction envelope as transaction_malformed', async () => {
    for (const envelope of ['', 'not base64 at all', Buffer.from('garbage').toString('base64')]) {
      const { status, body } = await submitRaw(h.emulator, envelope);
      expect(status).toBe(400);
      expect(body).toMatchObject({ type: 'https://stellar.org/horizon-errors/transaction_malformed', status: 400 });
    }
  });

  it('tx_bad_seq: a sequence other than the account’s next, nothing consumed', async () => {
    const before = await walletSequence();
    for (const sequence of [before, before + 2n]) {
      expect(await refused(await buildPaymentTx(h.emulator, payment, { sequence }))).toEqual({ transaction: 'tx_bad_seq' });
    }
    expect(await walletSequence()).toBe(before);
  });

  it('tx_bad_auth: signed by another key, or under another network passphrase', async () => {
    const before = await walletSequence();
    const otherKey = await buildPaymentTx(h.emulator, payment, { signerSeed: Keypair.random().secret() });
    expect(await refused(otherKey)).toEqual({ transaction: 'tx_bad_auth' });
    const otherNetwork = await buildPaymentTx(h.emulator, payment, { passphrase: 'Plat Network' });
    const { status, body } = await submitRaw(h.emulator, otherNetwork);
    expect(status).toBe(400);
    expect(body.extras.result_codes).toEqual({ transaction: 'tx_bad_auth' });
    expect(await walletSequence()).toBe(before);
  });

  it('tx_too_late after the upper time bound', async () => {
    const tx = await buildPaymentTx(h.emulator, payment, { maxTime: Math.floor(Date.now() / 1000) - 1 });
    expect(await refused(tx)).toEqual({ transaction: 'tx_too_late' });
  });

  it('tx_no_source_account when the source has no account', async () => {
    // Built by hand: stellar-sdk's loadAccount cannot load an account that does not exist.
    const stranger = Keypair.random();
    const built = new TransactionBuilder(new Account(stranger.publicKey(), '0'), { fee: '100000', networkPassphrase: payment.network })
      .addOperation(Operation.payment({ destination: payment.to_address, asset: Asset.native(), amount: '1' }))
      .addMemo(Memo.text(payment.identifier))
      .setTimeout(180)
      .build();
    built.sign(stranger);
    expect(await refused(built)).toEqual({ transaction: 'tx_no_source_account' });
  });

  it('op_underfunded: the transaction fails in a ledger, consuming its sequence and fee but moving nothing', async () => {
    const poor = await h.createUser();
    const sequence = await walletSequence();
    const balance = await nativeBalance(h.emulator, h.emulator.appWallet.address);
    const tx = await buildPaymentTx(h.emulator, payment, { amount: '9999999999', destination: poor.wallet_address });
    expect(await refused(tx)).toEqual({ transaction: 'tx_failed', operations: ['op_underfunded'] });
    expect(await walletSequence()).toBe(sequence + 1n);
    const charged = BigInt(balance.replace('.', '')) - 100_000n;
    expect(BigInt((await nativeBalance(h.emulator, h.emulator.appWallet.address)).replace('.', ''))).toBe(charged);
    expect(await nativeBalance(h.emulator, poor.wallet_address)).toBe('100.0000000');

    const hash = tx.hash().toString('hex');
    const found = await (await fetch(`${h.emulator.horizonUrl}/transactions/${hash}`)).json();
    expect(found).toMatchObject({ hash, successful: false, fee_charged: '100000' });
    expect((await ledgerTransactions(h.emulator)).find((row) => row.hash === hash)).toMatchObject({ successful: false, operation_code: 'op_underfunded' });
    expect((await h.ok<PaymentDTO>('GET', `/v2/payments/${payment.identifier}`)).transaction).toBeNull();
    // The same envelope again: the stored failure, nothing charged twice.
    expect(await refused(tx)).toEqual({ transaction: 'tx_failed', operations: ['op_underfunded'] });
    expect(await walletSequence()).toBe(sequence + 1n);
  });

  it('op_no_destination: a destination without an account', async () => {
    const tx = await buildPaymentTx(h.emulator, payment, { destination: Keypair.random().publicKey() });
    expect(await refused(tx)).toEqual({ transaction: 'tx_failed', operations: ['op_no_destination'] });
  });

  it('surfaces result codes through stellar-sdk’s submitTransaction', async () => {
    const tx = await buildPaymentTx(h.emulator, payment, { maxTime: Math.floor(Date.now() / 1000) - 1 });
    const error = await horizonServer(h.emulator).submitTransaction(tx).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ response: { status: 400, data: { extras: { result_codes: { transaction: 'tx_too_late' } } } } });
  });
});
