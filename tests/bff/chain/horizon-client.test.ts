import { Keypair } from '@stellar/stellar-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChainError } from '../../../bff/src/chain/chain-error.ts';
import { clearFaults, control, ledgerTransactions, nativeBalance, setFaults } from '../../support/emulator-control.ts';
import { startChainFixture } from './chain-fixture.ts';
import type { ChainFixture } from './chain-fixture.ts';
import { rejectionOf } from '../../support/rejection.ts';

let f: ChainFixture;

beforeAll(async () => {
  f = await startChainFixture();
});
afterEach(() => clearFaults(f.emulator));
afterAll(() => f.close());

const paidTo = async (address: string) => (await ledgerTransactions(f.emulator)).filter((tx) => tx.destination === address && tx.successful);
const firedFaults = async () => (await control<{ faults: Array<{ applied: number }> }>(f.emulator, 'GET', '/faults')).faults.map((fault) => fault.applied);

const chainError = (promise: Promise<unknown>) => rejectionOf(promise, ChainError);

describe('HorizonClient', () => {
  it('reads the app wallet’s sequence and the base fee', async () => {
    const client = f.horizon();
    expect(await client.loadSequence(f.wallet.publicKey)).toBeGreaterThan(2n ** 32n);
    expect(await client.baseFee()).toBe(100_000);
  });

  it('signs and submits: the user is paid, the payment verified, and completing it works', async () => {
    const client = f.horizon();
    const payment = await f.newPayment('2.5');
    const signed = await f.sign(payment);
    const outcome = await client.submit(signed.envelopeXdr);
    expect(outcome).toEqual({ applied: true, hash: signed.hash, ledger: expect.any(Number) });

    expect(await nativeBalance(f.emulator, payment.to_address)).toBe('102.5000000');
    const linked = await f.platform.getPayment(payment.identifier);
    expect(linked.transaction).toMatchObject({ txid: signed.hash, verified: true });
    expect((await f.platform.completePayment(payment.identifier, signed.hash)).status.developer_completed).toBe(true);
  });

  it('resubmitting the same envelope is safe: same answer, paid once', async () => {
    const client = f.horizon();
    const payment = await f.newPayment('1');
    const signed = await f.sign(payment);
    const first = await client.submit(signed.envelopeXdr);
    expect(await client.submit(signed.envelopeXdr)).toEqual(first);
    expect(await nativeBalance(f.emulator, payment.to_address)).toBe('101.0000000');
    expect(await paidTo(payment.to_address)).toHaveLength(1);
  });

  it('looks a transaction up by hash', async () => {
    const client = f.horizon();
    const signed = await f.sign(await f.newPayment());
    expect(await client.lookup(signed.hash)).toEqual({ found: false });
    const outcome = await client.submit(signed.envelopeXdr);
    expect(await client.lookup(signed.hash)).toEqual({
      found: true,
      successful: true,
      ledger: outcome.applied ? outcome.ledger : -1,
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  it('surfaces tx_bad_seq as a result code, having applied nothing', async () => {
    const client = f.horizon();
    const payment = await f.newPayment();
    const signed = await f.sign(payment);
    await client.submit((await f.sign(await f.newPayment())).envelopeXdr);
    expect(await client.submit(signed.envelopeXdr)).toEqual({ applied: false, resultCode: 'tx_bad_seq', operationCodes: [] });
    expect(await paidTo(payment.to_address)).toEqual([]);
  });

  it('surfaces an operation failure by its operation code', async () => {
    const client = f.horizon();
    const payment = await f.newPayment('1');
    const signed = await f.sign({ ...payment, amount: '1000000001' });
    expect(await client.submit(signed.envelopeXdr)).toEqual({ applied: false, resultCode: 'op_underfunded', operationCodes: ['op_underfunded'] });
  });

  it('a time-out on submit leaves the outcome unknown; looking the hash up then finds the applied transaction', async () => {
    const client = f.horizon({ submitTimeoutMs: 200 });
    const payment = await f.newPayment('3');
    const signed = await f.sign(payment);
    await setFaults(f.emulator, [{ route: 'POST /horizon/transactions', kind: 'latency', latencyMs: 600, times: 1 }]);

    const error = await chainError(client.submit(signed.envelopeXdr));
    expect(error).toMatchObject({ code: 'timeout', status: null, outcomeUnknown: true });
    await expect.poll(() => client.lookup(signed.hash), { timeout: 3_000, interval: 100 }).toMatchObject({ found: true, successful: true });
    expect(await paidTo(payment.to_address)).toHaveLength(1);
  });

  it('waits for Horizon’s own answer to a submission, and reads its 504 as an unknown outcome, never a refusal', async () => {
    await control(f.emulator, 'PUT', '/config', { ledger_close_ms: 600_000, horizon_submit_timeout_ms: 300 });
    try {
      // Reads give up after 100 ms; a submission waits for Horizon, which answers after 300 ms.
      const client = f.horizon({ timeoutMs: 100, submitTimeoutMs: 5_000 });
      const payment = await f.newPayment('2');
      const signed = await f.sign(payment);
      expect(await chainError(client.submit(signed.envelopeXdr))).toMatchObject({ code: 'timeout', status: 504, outcomeUnknown: true });
      expect(await client.lookup(signed.hash)).toEqual({ found: false });
      await control(f.emulator, 'POST', '/ledger/close');
      expect(await client.lookup(signed.hash)).toMatchObject({ found: true, successful: true });
    } finally {
      await control(f.emulator, 'PUT', '/config', { ledger_close_ms: 0, horizon_submit_timeout_ms: 30_000 });
    }
  });

  it('reads the network’s clock and pace from the latest ledgers', async () => {
    await control(f.emulator, 'PUT', '/config', { ledger_close_ms: 250 });
    try {
      const client = f.horizon();
      const first = await client.latestLedger();
      // The pace is measured over the last 50 ledgers: wait until all of them closed at the new pace.
      await expect.poll(async () => (await client.latestLedger()).sequence, { timeout: 50_000, interval: 500 }).toBeGreaterThan(first.sequence + 51);
      const latest = await client.latestLedger();
      expect(latest).toMatchObject({ baseFeeStroops: 100_000, baseReserveStroops: 5_000_000 });
      expect(latest.closedAtMs).toBeGreaterThanOrEqual(first.closedAtMs);
      // Close times are whole seconds (±1 s over the 12.5 s span), and timers fire late on a busy machine, never early.
      expect(latest.intervalMs).toBeGreaterThanOrEqual(200);
      expect(latest.intervalMs).toBeLessThan(1_000);
    } finally {
      await control(f.emulator, 'PUT', '/config', { ledger_close_ms: 0 });
    }
  });

  it('apply_then_fail: a 500 after the transaction was applied is an unknown outcome, never retried', async () => {
    const client = f.horizon();
    const payment = await f.newPayment('1');
    const signed = await f.sign(payment);
    await setFaults(f.emulator, [{ route: 'POST /horizon/transactions', kind: 'apply_then_fail' }]);

    expect(await chainError(client.submit(signed.envelopeXdr))).toMatchObject({ status: 500, outcomeUnknown: true });
    expect(await firedFaults()).toEqual([1]);
    expect(await client.lookup(signed.hash)).toMatchObject({ found: true, successful: true });
  });

  it('a dropped connection on submit is an unknown outcome', async () => {
    const client = f.horizon();
    const signed = await f.sign(await f.newPayment());
    await setFaults(f.emulator, [{ route: 'POST /horizon/transactions', kind: 'drop', times: 1 }]);
    expect(await chainError(client.submit(signed.envelopeXdr))).toMatchObject({ code: 'network_error', outcomeUnknown: true });
    expect(await client.lookup(signed.hash)).toEqual({ found: false });
  });

  it('an unreadable success answer to submit is an unknown outcome', async () => {
    const client = f.horizon();
    const signed = await f.sign(await f.newPayment());
    await setFaults(f.emulator, [{ route: 'POST /horizon/transactions', kind: 'malformed_json', times: 1 }]);
    expect(await chainError(client.submit(signed.envelopeXdr))).toMatchObject({ code: 'invalid_response', outcomeUnknown: true });
  });

  it('retries reads after a 5xx or a garbled answer', async () => {
    const client = f.horizon({ retryBaseDelayMs: 10 });
    await setFaults(f.emulator, [
      { route: 'GET /horizon/accounts/*', kind: 'error', status: 503, times: 1 },
      { route: 'GET /horizon/fee_stats', kind: 'malformed_json', times: 1 },
    ]);
    expect(await client.loadSequence(f.wallet.publicKey)).toBeGreaterThan(0n);
    expect(await client.baseFee()).toBe(100_000);
    expect(await firedFaults()).toEqual([1, 1]);
  });

  it('a malformed envelope is a definite refusal', async () => {
    expect(await chainError(f.horizon().submit('AAAA'))).toMatchObject({ status: 400, code: 'transaction_malformed', outcomeUnknown: false });
  });

  it('refuses ids that are not ids without sending anything', async () => {
    const client = f.horizon();
    expect(await chainError(client.loadSequence('../fee_stats'))).toMatchObject({ code: 'invalid_id' });
    expect(await chainError(client.lookup('ABC'))).toMatchObject({ code: 'invalid_id' });
  });

  it('an unknown account is not_found', async () => {
    expect(await chainError(f.horizon().loadSequence(Keypair.random().publicKey()))).toMatchObject({ status: 404, code: 'not_found', outcomeUnknown: false });
  });
});
