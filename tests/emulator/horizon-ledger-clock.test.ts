import { Account, Asset, Keypair, Memo, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentDTO } from '../../emulator/src/dto.ts';
import { clearFaults, ledgerTransactions, nativeBalance, setFaults } from '../support/emulator-control.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { Harness } from '../support/emulator-control.ts';
import { buildPaymentTx, submitRaw } from './horizon-helpers.ts';

// The clock is set so slow that no ledger closes by itself: each test closes ledgers when it means to.
const NO_CLOCK = 600_000;

let h: Harness;

beforeEach(async () => {
  h = await startHarness({ chain: { ledgerCloseMs: NO_CLOCK, horizonSubmitTimeoutMs: 60_000 } });
});
afterEach(async () => {
  await clearFaults(h.emulator);
  await h.close();
});

const closeLedger = async (): Promise<number> => (await h.ok<{ ledger: number }>('POST', '/__control/ledger/close')).ledger;
const queued = async (): Promise<string[]> => (await h.ok<{ queued: string[] }>('GET', '/__control/ledger/queue')).queued;
const lookup = (hash: string): Promise<Response> => fetch(`${h.emulator.horizonUrl}/transactions/${hash}`);
const configure = (body: Record<string, unknown>) => h.ok('PUT', '/__control/config', body);

async function latestLedger(): Promise<{ sequence: number; closed_at: string; base_fee_in_stroops: number; base_reserve_in_stroops: number }> {
  const page = (await (await fetch(`${h.emulator.horizonUrl}/ledgers?order=desc&limit=1`)).json()) as { _embedded: { records: Array<Awaited<ReturnType<typeof latestLedger>>> } };
  const [latest] = page._embedded.records;
  if (latest === undefined) throw new Error('Horizon lists no ledger');
  return latest;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  await expect.poll(condition, { timeout: 20_000, message: what }).toBe(true);
}

async function paymentTo(): Promise<{ payment: PaymentDTO; wallet: string }> {
  const user = await h.createUser();
  return { payment: await h.createA2U(user.uid, 2), wallet: user.wallet_address };
}

describe('the emulated network keeps time like the real one', () => {
  it('answers a submission when the ledger that holds it closes; until then Horizon does not know the hash', async () => {
    const { payment, wallet } = await paymentTo();
    const tx = await buildPaymentTx(h.emulator, payment);
    const hash = tx.hash().toString('hex');
    const before = await latestLedger();

    let answered = false;
    const submitting = submitRaw(h.emulator, tx).finally(() => (answered = true));
    await until(async () => (await queued()).includes(hash), 'the transaction waits in the queue');
    expect((await lookup(hash)).status).toBe(404);
    expect(answered).toBe(false);
    expect(await nativeBalance(h.emulator, wallet)).toBe('100.0000000');

    const closed = await closeLedger();
    const answer = await submitting;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ hash, ledger: closed, successful: true, fee_charged: '100000' });
    expect(closed).toBe(before.sequence + 1);
    expect((await lookup(hash)).status).toBe(200);
    expect(await nativeBalance(h.emulator, wallet)).toBe('102.0000000');
  });

  it('answers 504 with the hash when no ledger takes the transaction in time; it still lands, and the same envelope then gets its result', async () => {
    await configure({ horizon_submit_timeout_ms: 200 });
    const { payment, wallet } = await paymentTo();
    const tx = await buildPaymentTx(h.emulator, payment);
    const hash = tx.hash().toString('hex');

    const timedOut = await submitRaw(h.emulator, tx);
    expect(timedOut.status).toBe(504);
    expect(timedOut.body).toMatchObject({ type: 'https://stellar.org/horizon-errors/timeout', title: 'Timeout', status: 504, extras: { hash } });
    expect((await lookup(hash)).status).toBe(404);
    expect(await queued()).toEqual([hash]);

    await closeLedger();
    expect((await lookup(hash)).status).toBe(200);
    const again = await submitRaw(h.emulator, tx);
    expect(again).toMatchObject({ status: 200, body: { hash, successful: true } });
    expect(await nativeBalance(h.emulator, wallet)).toBe('102.0000000');
    expect((await ledgerTransactions(h.emulator)).filter((row) => row.destination === wallet)).toHaveLength(1);
  });

  it('adds nothing for an envelope sent again while it waits: both submissions get the one result', async () => {
    const { payment, wallet } = await paymentTo();
    const tx = await buildPaymentTx(h.emulator, payment);
    const hash = tx.hash().toString('hex');
    const first = submitRaw(h.emulator, tx);
    await until(async () => (await queued()).includes(hash), 'the first submission is queued');
    const second = submitRaw(h.emulator, tx);
    // The second submission must reach the emulator before the ledger closes; it joins the first.
    await until(async () => (await h.ok<{ waiting: number }>('GET', '/__control/ledger/queue')).waiting === 2, 'both submissions wait');
    await closeLedger();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual(b);
    expect(a.status).toBe(200);
    expect(await nativeBalance(h.emulator, wallet)).toBe('102.0000000');
    expect((await ledgerTransactions(h.emulator)).filter((row) => row.destination === wallet)).toHaveLength(1);
  });

  it('takes one transaction per source account at a time: a second one while the first waits is never admitted, and gets tx_bad_seq once the first takes the sequence', async () => {
    const one = await paymentTo();
    const two = await paymentTo();
    const first = await buildPaymentTx(h.emulator, one.payment);
    // Built the way a client that does not know of the first would: from the account's sequence, the same number.
    const second = await buildPaymentTx(h.emulator, two.payment);
    const firstAnswer = submitRaw(h.emulator, first);
    await until(async () => (await queued()).length === 1, 'the first is queued');
    const secondAnswer = submitRaw(h.emulator, second);
    await until(async () => (await h.ok<{ waiting: number }>('GET', '/__control/ledger/queue')).waiting === 2, 'the second submission waits');
    expect(await queued()).toEqual([first.hash().toString('hex')]);

    await closeLedger();
    expect((await firstAnswer).status).toBe(200);
    const refused = await secondAnswer;
    expect(refused.status).toBe(400);
    expect(refused.body.extras.result_codes).toEqual({ transaction: 'tx_bad_seq' });
    expect((await lookup(second.hash().toString('hex'))).status).toBe(404);
    expect(await nativeBalance(h.emulator, two.wallet)).toBe('100.0000000');
  });

  it('drops a waiting transaction whose maxTime passes before a ledger takes it: never applied, 404; a transaction built again then lands', async () => {
    await configure({ horizon_submit_timeout_ms: 300 });
    const { payment, wallet } = await paymentTo();
    const maxTime = Math.floor(Date.now() / 1000) + 1;
    const doomed = await buildPaymentTx(h.emulator, payment, { maxTime });
    const hash = doomed.hash().toString('hex');
    expect((await submitRaw(h.emulator, doomed)).status).toBe(504);
    await until(async () => Math.floor(Date.now() / 1000) > maxTime, 'the envelope’s maxTime has passed');
    const closedAt = Date.parse((await latestLedger()).closed_at);
    await closeLedger();
    expect(Date.parse((await latestLedger()).closed_at)).toBeGreaterThan(closedAt);
    expect(await queued()).toEqual([]);
    expect((await lookup(hash)).status).toBe(404);
    expect(await ledgerTransactions(h.emulator)).toEqual([]);

    const rebuilt = await buildPaymentTx(h.emulator, payment);
    const landing = submitRaw(h.emulator, rebuilt);
    await until(async () => (await queued()).length === 1, 'the rebuilt transaction is queued');
    await closeLedger();
    expect((await landing).status).toBe(200);
    expect(await nativeBalance(h.emulator, wallet)).toBe('102.0000000');
  });

  it('fills a ledger up to its capacity; the rest wait for the next', async () => {
    await configure({ max_tx_per_ledger: 1 });
    const payer = await h.createUser();
    const { payment, wallet } = await paymentTo();
    const fromApp = await buildPaymentTx(h.emulator, payment);
    const fromUser = new TransactionBuilder(new Account(payer.wallet_address, String(await accountSequence(payer.wallet_address))), {
      fee: '100000',
      networkPassphrase: payment.network,
      timebounds: { minTime: 0, maxTime: Math.floor(Date.now() / 1000) + 60 },
    })
      .addOperation(Operation.payment({ destination: h.emulator.appWallet.address, asset: Asset.native(), amount: '5' }))
      .addMemo(Memo.text('top-up'))
      .build();
    fromUser.sign(Keypair.fromSecret(payer.wallet_seed));
    const answers = [submitRaw(h.emulator, fromApp), submitRaw(h.emulator, fromUser)];
    await until(async () => (await queued()).length === 2, 'both are queued');
    const first = await closeLedger();
    expect(await queued()).toHaveLength(1);
    const second = await closeLedger();
    expect((await Promise.all(answers)).map((answer) => answer.body.ledger)).toEqual([first, second]);
    expect(await nativeBalance(h.emulator, wallet)).toBe('102.0000000');
    expect(await nativeBalance(h.emulator, payer.wallet_address)).toBe('94.9900000');
  });

  it('holds a transaction back N ledgers with the late_inclusion fault', async () => {
    await configure({ horizon_submit_timeout_ms: 200 });
    await setFaults(h.emulator, [{ route: 'POST /horizon/transactions', kind: 'late_inclusion', ledgers: 2, times: 1 }]);
    const { payment, wallet } = await paymentTo();
    const tx = await buildPaymentTx(h.emulator, payment);
    const hash = tx.hash().toString('hex');
    expect((await submitRaw(h.emulator, tx)).status).toBe(504);
    await closeLedger();
    await closeLedger();
    expect((await lookup(hash)).status).toBe(404);
    const landed = await closeLedger();
    expect(await (await lookup(hash)).json()).toMatchObject({ hash, ledger: landed, successful: true });
    expect(await nativeBalance(h.emulator, wallet)).toBe('102.0000000');
  });

  it('drops a held-back transaction too once its maxTime passes, freeing its account for the next one', async () => {
    await configure({ horizon_submit_timeout_ms: 200 });
    await setFaults(h.emulator, [{ route: 'POST /horizon/transactions', kind: 'late_inclusion', ledgers: 1_000, times: 1 }]);
    const { payment, wallet } = await paymentTo();
    const maxTime = Math.floor(Date.now() / 1000) + 1;
    expect((await submitRaw(h.emulator, await buildPaymentTx(h.emulator, payment, { maxTime }))).status).toBe(504);
    await until(async () => Math.floor(Date.now() / 1000) > maxTime, 'the envelope’s maxTime has passed');
    await closeLedger();
    expect(await queued()).toEqual([]);
    const rebuilt = submitRaw(h.emulator, await buildPaymentTx(h.emulator, payment));
    await until(async () => (await queued()).length === 1, 'the rebuilt transaction is admitted');
    await closeLedger();
    expect((await rebuilt).status).toBe(200);
    expect(await nativeBalance(h.emulator, wallet)).toBe('102.0000000');
  });

  it('closes ledgers by itself at the configured pace, and reports the latest ledger, its close time, base fee and reserve as Horizon does', async () => {
    await configure({ ledger_close_ms: 100 });
    const start = await latestLedger();
    await until(async () => (await latestLedger()).sequence >= start.sequence + 3, 'three ledgers close by themselves');
    const latest = await latestLedger();
    expect(Date.parse(latest.closed_at)).toBeGreaterThanOrEqual(Date.parse(start.closed_at));
    expect(latest).toMatchObject({ base_fee_in_stroops: 100_000, base_reserve_in_stroops: 5_000_000 });
    const root = (await (await fetch(h.emulator.horizonUrl)).json()) as Record<string, unknown>;
    expect(root).toMatchObject({ network_passphrase: 'Plat Testnet', core_latest_ledger: expect.any(Number), history_latest_ledger_closed_at: expect.any(String) });
    expect(root.history_latest_ledger).toBeGreaterThanOrEqual(latest.sequence);
  });
});

async function accountSequence(accountId: string): Promise<bigint> {
  const account = (await (await fetch(`${h.emulator.horizonUrl}/accounts/${accountId}`)).json()) as { sequence: string };
  return BigInt(account.sequence);
}

