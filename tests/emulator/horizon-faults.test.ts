import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDTO } from '../../emulator/src/dto.ts';
import { clearFaults, ledgerTransactions, nativeBalance, setFaults } from '../support/emulator-control.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { Harness } from '../support/emulator-control.ts';
import { buildPaymentTx, horizonServer, submitRaw } from './horizon-helpers.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => clearFaults(h.emulator));
afterAll(() => h.close());

describe('faults on Horizon routes', () => {
  it('apply_then_fail: the transaction is applied and linked although the client got a 500', async () => {
    const user = await h.createUser();
    const payment = await h.createA2U(user.uid, 4);
    const tx = await buildPaymentTx(h.emulator, payment);
    const hash = tx.hash().toString('hex');
    await setFaults(h.emulator, [{ route: 'POST /horizon/transactions', kind: 'apply_then_fail', times: 1 }]);

    expect((await submitRaw(h.emulator, tx)).status).toBe(500);
    const found = await fetch(`${h.emulator.horizonUrl}/transactions/${hash}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ hash, successful: true });
    expect((await h.ok<PaymentDTO>('GET', `/v2/payments/${payment.identifier}`)).transaction).toMatchObject({ txid: hash, verified: true });

    // Resending the same stored envelope is safe: the stored answer, no second payment.
    expect(await horizonServer(h.emulator).submitTransaction(tx)).toMatchObject({ hash, successful: true });
    expect(await nativeBalance(h.emulator, user.wallet_address)).toBe('104.0000000');
    expect((await ledgerTransactions(h.emulator)).filter((row) => row.destination === user.wallet_address)).toHaveLength(1);
  });

  it('drop: the connection is cut before the transaction is applied', async () => {
    const user = await h.createUser();
    const tx = await buildPaymentTx(h.emulator, await h.createA2U(user.uid, 1));
    await setFaults(h.emulator, [{ route: 'POST /horizon/**', kind: 'drop', times: 1 }]);
    await expect(submitRaw(h.emulator, tx)).rejects.toThrow();
    expect((await fetch(`${h.emulator.horizonUrl}/transactions/${tx.hash().toString('hex')}`)).status).toBe(404);
    expect((await submitRaw(h.emulator, tx)).status).toBe(200);
  });

  it('errors and latency on Horizon reads', async () => {
    await setFaults(h.emulator, [
      { route: 'GET /horizon/fee_stats', kind: 'latency', latencyMs: 100 },
      { route: 'GET /horizon/accounts/*', kind: 'error', status: 503 },
    ]);
    const started = performance.now();
    expect((await fetch(`${h.emulator.horizonUrl}/fee_stats`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect((await fetch(`${h.emulator.horizonUrl}/accounts/${h.emulator.appWallet.address}`)).status).toBe(503);
  });
});
