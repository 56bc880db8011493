import { Keypair, TransactionBuilder } from '@stellar/stellar-sdk';
import type { Transaction } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppWallet } from '../../../bff/src/chain/app-wallet.ts';
import { signA2UTransaction } from '../../../bff/src/chain/a2u-transaction.ts';
import { CannotHealError } from '../../../bff/src/domain/cannot-heal-error.ts';
import { Refusal } from '../../../bff/src/domain/refusal.ts';
import { ledgerTransactions } from '../../support/emulator-control.ts';
import { startChainFixture } from './chain-fixture.ts';
import type { ChainFixture } from './chain-fixture.ts';

const seed = Keypair.random().secret();
const wallet = new AppWallet(seed);
const payment = {
  identifier: 'PaymentId0123456789abcdefABC',
  amount: '12.3456789',
  from_address: wallet.publicKey,
  to_address: Keypair.random().publicKey(),
  network: 'Some Network ; passphrase 2026',
};
const NOW = 1_800_000_000;

describe('signA2UTransaction', () => {
  it('builds one native payment with the payment id as text memo, signed under the payment’s network', () => {
    const signed = signA2UTransaction(wallet, { payment, sequence: 4_294_967_297n, feeStroops: 100, nowSeconds: NOW });
    expect(signed).toEqual({ envelopeXdr: expect.any(String), hash: expect.stringMatching(/^[0-9a-f]{64}$/), sequence: '4294967297', maxTime: NOW + 60 });

    const tx = TransactionBuilder.fromXDR(signed.envelopeXdr, payment.network) as Transaction;
    expect(tx.hash().toString('hex')).toBe(signed.hash);
    expect(tx.source).toBe(payment.from_address);
    expect(tx.sequence).toBe('4294967297');
    expect(tx.fee).toBe('100');
    expect(tx.timeBounds).toEqual({ minTime: '0', maxTime: String(NOW + 60) });
    expect(tx.memo.type).toBe('text');
    expect(String(tx.memo.value)).toBe(payment.identifier);
    expect(tx.operations).toEqual([
      expect.objectContaining({ type: 'payment', destination: payment.to_address, amount: '12.3456789', asset: expect.objectContaining({ code: 'XLM' }) }),
    ]);
    const [signature] = tx.signatures;
    expect(signature && Keypair.fromPublicKey(wallet.publicKey).verify(tx.hash(), signature.signature())).toBe(true);
  });

  it('refuses, before signing, a payment from another wallet', () => {
    const other = { ...payment, from_address: Keypair.random().publicKey() };
    let refused: unknown;
    try {
      signA2UTransaction(wallet, { payment: other, sequence: 1n, feeStroops: 100, nowSeconds: NOW });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused).toMatchObject({ kind: 'rejected', code: 'wallet_mismatch' });
  });

  const signingError = (change: Partial<typeof payment>): unknown => {
    try {
      signA2UTransaction(wallet, { payment: { ...payment, ...change }, sequence: 1n, feeStroops: 100, nowSeconds: NOW });
    } catch (error) {
      return error;
    }
    return null;
  };

  it.each([
    ['8 decimal places', '1.23456789', /is not a decimal amount greater than 0 with at most 7 decimal places/],
    ['an exponent', '1e3', /is not a decimal amount/],
    ['a sign', '-1', /is not a decimal amount/],
    ['nothing', '', /is not a decimal amount/],
    ['one stroop over the chain’s maximum', '922337203685.4775808', /is more than the chain can hold \(at most 922337203685\.4775807\)/],
    ['an amount a JSON number changes', '600000000.0000003', /cannot be sent exactly: the platform would receive 600000000\.0000004/],
  ])('refuses for good, before signing, %s', (_case, amount, reason) => {
    const refused = signingError({ amount });
    expect(refused).toBeInstanceOf(CannotHealError);
    expect(refused).toMatchObject({ code: 'unpayable_amount', message: expect.stringMatching(reason) });
  });

  it.each([
    ['a recipient that is not an account id', { to_address: 'GNOTANACCOUNT' }],
    ['a memo longer than 28 bytes', { identifier: 'PaymentId0123456789abcdefABCD' }],
  ])('turns the chain library’s refusal of %s into a refusal for good, with its reason', (_case, change) => {
    const refused = signingError(change);
    expect(refused).toBeInstanceOf(CannotHealError);
    expect(refused).toMatchObject({ code: 'unbuildable_transaction', message: expect.stringMatching(/^The transaction could not be built from the payment: ./) });
  });

  it('never shows the seed', () => {
    expect(JSON.stringify(wallet)).not.toContain(seed);
    expect(String(Object.values(wallet))).not.toContain(seed);
  });

  it('refuses a bad seed without repeating it', () => {
    expect(() => new AppWallet('SBAD')).toThrow(/not a valid secret seed/);
    expect(() => new AppWallet(Keypair.random().publicKey())).toThrow();
  });
});

describe('signing against the emulator', () => {
  let f: ChainFixture;
  beforeAll(async () => {
    f = await startChainFixture({ network: payment.network });
  });
  afterAll(() => f.close());

  it('pays under any network passphrase the payment names', async () => {
    const created = await f.newPayment('0.5');
    expect(created.network).toBe(payment.network);
    const signed = await f.sign(created);
    expect(await f.horizon().submit(signed.envelopeXdr)).toMatchObject({ applied: true, hash: signed.hash });
  });

  it('a wallet mismatch sends nothing', async () => {
    const client = f.horizon();
    const created = await f.newPayment();
    const sequence = await client.loadSequence(f.wallet.publicKey);
    const before = await ledgerTransactions(f.emulator);
    const stranger = new AppWallet(Keypair.random().secret());
    expect(() => signA2UTransaction(stranger, { payment: created, sequence: sequence + 1n, feeStroops: 100, nowSeconds: Math.floor(Date.now() / 1000) })).toThrow(
      expect.objectContaining({ code: 'wallet_mismatch' }),
    );
    expect(await ledgerTransactions(f.emulator)).toEqual(before);
    expect(await client.loadSequence(f.wallet.publicKey)).toBe(sequence);
    expect((await f.platform.getPayment(created.identifier)).transaction).toBeNull();
  });
});
